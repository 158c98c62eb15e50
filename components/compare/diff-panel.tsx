'use client';
// Side by side: the word diff of the two cells picked in the matrix, and the request diff of two variants (their merged
// bodies and X-On-Behalf-Of, field by field).
import { memo, useMemo, useState } from 'react';
import { FieldChangeTable } from '@/components/request/field-change-table';
import { Select } from '@/components/ui/input';
import { buildVariantBody, variantOnBehalfOf } from '@/lib/grids/cells';
import type { GridCell } from '@/lib/grids/wire';
import { diffWords } from '@/lib/grids/word-diff';
import { diffDrafts } from '@/lib/request-import/diff';
import type { GridDefinition } from '@/lib/schema/grid';

/** The picked cells themselves (not the run's cells), so that the panel re-renders only when one of them changes. */
export const CellDiff = memo(function CellDiff({ definition, first, second }: { definition: GridDefinition; first: GridCell | undefined; second: GridCell | undefined }) {
  const parts = useMemo(() => (first && second ? diffWords(first.output_text, second.output_text) : []), [first, second]);
  if (!first || !second) {
    return <p className="text-sm text-fg-muted" data-testid="cell-diff-hint">Pick two cells with their Diff button to see how their texts differ, word by word.</p>;
  }
  const name = (cell: GridCell) => `${definition.variants[cell.variant_index]?.label ?? cell.variant} × ${definition.rows[cell.row_index]?.label ?? cell.row}`;
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="cell-diff">
      <p className="text-sm">
        <span className="rounded bg-danger-soft px-1 text-danger line-through">{name(first)}</span> → <span className="rounded bg-success-soft px-1 text-success">{name(second)}</span>
      </p>
      <p className="rounded-md border border-line p-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="cell-diff-text">
        {parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={index} className="bg-danger-soft text-danger" data-testid="diff-removed">
              {part.text}
            </del>
          ) : (
            <ins key={index} className="bg-success-soft text-success no-underline" data-testid="diff-added">
              {part.text}
            </ins>
          ),
        )}
      </p>
    </div>
  );
});

export function pickedCells(cells: readonly GridCell[], picked: readonly string[]): [GridCell | undefined, GridCell | undefined] {
  const [first, second] = picked.map((key) => cells.find((cell) => `${cell.variant_index}:${cell.row_index}` === key));
  return [first, second];
}

export const VariantDiff = memo(function VariantDiff({ definition }: { definition: GridDefinition }) {
  const count = definition.variants.length;
  const [pair, setPair] = useState<[number, number]>([0, Math.min(1, count - 1)]);
  const [a, b] = [Math.min(pair[0], count - 1), Math.min(pair[1], count - 1)];
  const changes = useMemo(() => {
    const draftOf = (index: number) => ({ body: buildVariantBody(definition, definition.variants[index]!), onBehalfOf: variantOnBehalfOf(definition, definition.variants[index]!) ?? '' });
    return diffDrafts(draftOf(a), draftOf(b));
  }, [definition, a, b]);
  const picker = (value: number, at: 0 | 1) => (
    <Select className="sm:w-auto" aria-label={at === 0 ? 'First variant' : 'Second variant'} value={value} data-testid={`variant-diff-${at === 0 ? 'a' : 'b'}`} onChange={(event) => setPair(at === 0 ? [Number(event.target.value), b] : [a, Number(event.target.value)])}>
      {definition.variants.map((variant, index) => (
        <option key={index} value={index}>
          {variant.label}
        </option>
      ))}
    </Select>
  );
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="variant-diff">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        Request of {picker(a, 0)} against {picker(b, 1)}
      </div>
      {changes.length === 0 ? (
        <p className="text-sm text-fg-muted">The two variants send the same request.</p>
      ) : (
        <FieldChangeTable changes={changes} before={definition.variants[a]?.label ?? ''} after={definition.variants[b]?.label ?? ''} rowTestId="variant-diff-row" />
      )}
    </div>
  );
});
