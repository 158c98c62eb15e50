'use client';
// The grid's columns: the base request and each variant (a label and a patch over the base), edited with the playground's
// form; add, duplicate, remove and reorder, each variant saying at once why its merged body cannot run.
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/input';
import { buildVariantBody, findVariantProblem, variantOnBehalfOf } from '@/lib/grids/cells';
import { describePatch } from '@/lib/grids/patch';
import { GRID_LIMITS, type GridDefinition, type GridVariant } from '@/lib/schema/grid';
import { RequestEditorDialog, type EditedRequest } from './request-editor-dialog';

type Editing = { kind: 'base' } | { kind: 'variant'; index: number } | null;

function freeLabel(taken: readonly string[], stem: string): string {
  for (let n = 1; ; n += 1) {
    const label = n === 1 && stem !== 'variant' ? stem : `${stem} ${n}`;
    if (!taken.includes(label)) return label;
  }
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function VariantsEditor({ definition, update }: { definition: GridDefinition; update(change: (definition: GridDefinition) => GridDefinition): void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const setVariants = (change: (variants: GridVariant[]) => GridVariant[]) => update((current) => ({ ...current, variants: change(current.variants) }));
  const labels = definition.variants.map((variant) => variant.label);
  const isFull = definition.variants.length >= GRID_LIMITS.variants.max;

  const saveEdit = (edited: EditedRequest) => {
    if (editing?.kind === 'base') update((current) => ({ ...current, base: edited.body, on_behalf_of: edited.onBehalfOf || null }));
    if (editing?.kind === 'variant') {
      const { index } = editing;
      setVariants((variants) =>
        variants.map((variant, at) => {
          if (at !== index) return variant;
          // The same user as the grid's is inherited (it follows later changes of the grid); another one, or none, is the variant's own.
          const inherited = definition.on_behalf_of ?? '';
          const { on_behalf_of: _own, ...rest } = variant;
          return edited.onBehalfOf === inherited ? { ...rest, patch: edited.patch } : { ...rest, patch: edited.patch, on_behalf_of: edited.onBehalfOf || null };
        }),
      );
    }
    setEditing(null);
  };

  return (
    <section aria-labelledby="variants-heading" className="flex min-w-0 flex-col gap-2" data-testid="variants-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="variants-heading" className="text-sm font-semibold text-fg">
          Variants (columns): {definition.variants.length} of {GRID_LIMITS.variants.max}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" data-testid="edit-base" onClick={() => setEditing({ kind: 'base' })}>
            Edit base request
          </Button>
          <Button size="sm" data-testid="add-variant" disabled={isFull} title={isFull ? `At most ${GRID_LIMITS.variants.max} variants` : undefined} onClick={() => setVariants((variants) => [...variants, { label: freeLabel(labels, 'variant'), patch: {} }])}>
            Add variant
          </Button>
        </div>
      </div>
      <p className="text-xs text-fg-muted" data-testid="base-summary">
        Base: <span className="font-mono">{String(definition.base.model ?? '(no model)')}</span>
        {definition.on_behalf_of ? <> · acting as <span className="font-mono">{definition.on_behalf_of}</span></> : null} · fields {Object.keys(definition.base).join(', ') || 'none'}. Each variant
        changes some of them; each row gives the input.
      </p>
      <ol className="grid min-w-0 gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {definition.variants.map((variant, index) => (
          <VariantCard
            key={index}
            variant={variant}
            index={index}
            definition={definition}
            isFull={isFull}
            onLabel={(label) => setVariants((variants) => variants.map((entry, at) => (at === index ? { ...entry, label } : entry)))}
            onEdit={() => setEditing({ kind: 'variant', index })}
            onDuplicate={() => setVariants((variants) => [...variants.slice(0, index + 1), { ...variant, label: freeLabel(labels, `${variant.label} copy`) }, ...variants.slice(index + 1)])}
            onRemove={() => setVariants((variants) => variants.filter((_, at) => at !== index))}
            onMove={(to) => setVariants((variants) => moved(variants, index, to))}
          />
        ))}
      </ol>
      {editing ? (
        <RequestEditorDialog
          title={editing.kind === 'base' ? 'Base request' : `Variant: ${definition.variants[editing.index]?.label ?? ''}`}
          description={editing.kind === 'base' ? 'What every cell sends unless its variant changes it. Rows give the input.' : 'Change any field: what differs from the base is kept as this variant’s patch. Rows give the input.'}
          base={editing.kind === 'base' ? {} : definition.base}
          patch={editing.kind === 'base' ? definition.base : (definition.variants[editing.index]?.patch ?? {})}
          onBehalfOf={editing.kind === 'base' ? (definition.on_behalf_of ?? '') : (variantOnBehalfOf(definition, definition.variants[editing.index]!) ?? '')}
          onDone={saveEdit}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

interface VariantCardProps {
  variant: GridVariant;
  index: number;
  definition: GridDefinition;
  isFull: boolean;
  onLabel(label: string): void;
  onEdit(): void;
  onDuplicate(): void;
  onRemove(): void;
  onMove(to: number): void;
}

function VariantCard({ variant, index, definition, isFull, onLabel, onEdit, onDuplicate, onRemove, onMove }: VariantCardProps) {
  const problem = findVariantProblem(definition, variant);
  const model = buildVariantBody(definition, variant).model;
  const changed = describePatch(variant.patch);
  const user = variantOnBehalfOf(definition, variant);
  const count = definition.variants.length;
  return (
    <li className="min-w-0" data-testid="variant-card" data-variant={variant.label}>
      <Card tone={problem ? 'danger' : 'default'} className="flex h-full flex-col gap-2 p-3">
        <label className="flex flex-col gap-1 text-xs text-fg-muted">
          Label
          <TextInput value={variant.label} data-testid="variant-label" aria-label={`Label of variant ${index + 1}`} onChange={(event) => onLabel(event.target.value)} />
        </label>
        <div className="flex flex-wrap items-center gap-1">
          <Badge isMono tone="accent">{typeof model === 'string' ? model : '(no model)'}</Badge>
          {user ? <Badge isMono>acting as {user}</Badge> : null}
        </div>
        <p className="text-xs text-fg-muted [overflow-wrap:anywhere]" data-testid="variant-patch">
          {changed.length ? `Changes ${changed.join(', ')}` : 'The base as it is'}
        </p>
        {problem ? (
          <p role="alert" className="text-xs text-danger" data-testid="variant-problem">
            Cannot run: {problem.message}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-1">
          <Button size="sm" data-testid="variant-edit" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" data-testid="variant-duplicate" disabled={isFull} onClick={onDuplicate}>
            Duplicate
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${variant.label} left`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            ←
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${variant.label} right`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            →
          </Button>
          <Button size="sm" variant="ghost" data-testid="variant-remove" disabled={count === 1} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </Card>
    </li>
  );
}
