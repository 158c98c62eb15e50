'use client';
// The results matrix: a column per variant, a row per test case, each cell live; the summary row per variant (pass rate,
// median times, tokens) with the best value of each figure marked, and the fastest cell of each row.
// The matrix re-renders when the run's totals change (a few times a second while cells settle): its header, rows and summary
// are memoized apart, so such a render touches only what changed, and the table's fixed layout keeps a streaming cell from
// re-laying out the columns.
import { memo, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { buildVariantBody, findVariantProblem, variantOnBehalfOf } from '@/lib/grids/cells';
import { bestIndexes, summarizeRun } from '@/lib/grids/summary';
import type { GridCell } from '@/lib/grids/wire';
import type { GridDefinition, GridRow } from '@/lib/schema/grid';
import { type LiveRunStore } from './live-run-store';
import { ResultCell, type CellActions } from './result-cell';
import { formatDuration } from './run-controls';

export interface MatrixProps {
  definition: GridDefinition;
  store: LiveRunStore;
  /** The cells as of the last cell event (not per streamed token): enough for totals and the best values. */
  cells: readonly GridCell[];
  picked: readonly string[];
  canAct: boolean;
  actions: CellActions & { onRerunRow(rowIndex: number): void; onRerunColumn(variantIndex: number): void };
}

function rowInputText(row: GridRow): string {
  if (typeof row.input === 'string') return row.input;
  if (Array.isArray(row.input)) return `${row.input.length} input item${row.input.length === 1 ? '' : 's'}`;
  return row.variables ? Object.entries(row.variables).map(([name, value]) => `${name} = ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ') : '';
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

const ROW_HEADER_REM = 11;
const VARIANT_COLUMN_REM = 18;

export function ResultsMatrix({ definition, store, cells, picked, canAct, actions }: MatrixProps) {
  const totals = useMemo(() => summarizeRun(definition.variants.map((variant) => variant.label), cells), [definition, cells]);
  const fastestByRow = useMemo(() => {
    const times = new Map(cells.filter((cell) => cell.status === 'completed').map((cell) => [`${cell.variant_index}:${cell.row_index}`, cell.total_ms]));
    return definition.rows.map((_, rowIndex) => bestIndexes(definition.variants.map((_, variantIndex) => times.get(`${variantIndex}:${rowIndex}`) ?? null), 'lower').join(','));
  }, [definition, cells]);
  const pickedByRow = (rowIndex: number) => picked.filter((key) => key.endsWith(`:${rowIndex}`)).map((key) => key.split(':')[0]).join(',');
  const variantCount = definition.variants.length;
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border border-line" role="region" aria-label="Results matrix" tabIndex={0}>
      <table className="table-fixed border-collapse text-left" style={{ width: `max(100%, ${ROW_HEADER_REM + variantCount * VARIANT_COLUMN_REM}rem)` }} data-testid="results-matrix">
        <colgroup>
          <col style={{ width: `${ROW_HEADER_REM}rem` }} />
          {definition.variants.map((_, index) => (
            <col key={index} style={{ width: `${VARIANT_COLUMN_REM}rem` }} />
          ))}
        </colgroup>
        <MatrixHeader definition={definition} canAct={canAct} onRerunColumn={actions.onRerunColumn} />
        <tbody>
          {definition.rows.map((row, rowIndex) => (
            <MatrixRow key={rowIndex} row={row} rowIndex={rowIndex} variantCount={variantCount} store={store} checks={definition.checks} fastest={fastestByRow[rowIndex] ?? ''} picked={pickedByRow(rowIndex)} canAct={canAct} actions={actions} />
          ))}
        </tbody>
        <MatrixSummary totals={totals} />
      </table>
      <p className="p-2 text-xs text-fg-muted">Green figures are the best of their row or of the summary (several when tied).</p>
    </div>
  );
}

const MatrixHeader = memo(function MatrixHeader({ definition, canAct, onRerunColumn }: { definition: GridDefinition; canAct: boolean; onRerunColumn(variantIndex: number): void }) {
  // Each variant's merged body is checked against the request schema: once per definition, not per render.
  const columns = useMemo(
    () => definition.variants.map((variant) => ({ variant, problem: findVariantProblem(definition, variant), user: variantOnBehalfOf(definition, variant), model: String(buildVariantBody(definition, variant).model ?? '(no model)') })),
    [definition],
  );
  return (
    <thead className="bg-sunken text-xs">
      <tr>
        <th scope="col" className="p-2 align-bottom">
          Row
        </th>
        {columns.map(({ variant, problem, user, model }, variantIndex) => (
          <th key={variantIndex} scope="col" className="p-2 align-bottom" data-testid="matrix-variant" data-variant={variant.label}>
            <div className="flex flex-col gap-0.5 font-normal">
              <span className="text-sm font-semibold text-fg [overflow-wrap:anywhere]">{variant.label}</span>
              <span className="font-mono text-fg-muted [overflow-wrap:anywhere]">{model}{user ? ` · as ${user}` : ''}</span>
              {problem ? <span className="text-danger [overflow-wrap:anywhere]">Cannot run: {problem.message}</span> : null}
              {canAct ? (
                <Button size="sm" variant="ghost" className="self-start" data-testid="rerun-column" onClick={() => onRerunColumn(variantIndex)}>
                  Re-run column
                </Button>
              ) : null}
            </div>
          </th>
        ))}
      </tr>
    </thead>
  );
});

/** One test case: `fastest` and `picked` are the row's variant indexes joined (strings, so an unchanged row skips its render). */
const MatrixRow = memo(function MatrixRow({ row, rowIndex, variantCount, store, checks, fastest, picked, canAct, actions }: {
  row: GridRow;
  rowIndex: number;
  variantCount: number;
  store: LiveRunStore;
  checks: GridDefinition['checks'];
  fastest: string;
  picked: string;
  canAct: boolean;
  actions: MatrixProps['actions'];
}) {
  const fastestIndexes = fastest.split(',');
  const pickedIndexes = picked.split(',');
  return (
    <tr className="border-t border-line" data-testid="matrix-row" data-row={row.label}>
      <th scope="row" className="p-2 align-top text-xs font-normal">
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-fg [overflow-wrap:anywhere]">{row.label}</span>
          <span className="line-clamp-4 whitespace-pre-wrap text-fg-muted [overflow-wrap:anywhere]">{rowInputText(row)}</span>
          {canAct ? (
            <Button size="sm" variant="ghost" className="self-start" data-testid="rerun-row" onClick={() => actions.onRerunRow(rowIndex)}>
              Re-run row
            </Button>
          ) : null}
        </div>
      </th>
      {Array.from({ length: variantCount }, (_, variantIndex) => (
        <ResultCell
          key={variantIndex}
          store={store}
          variantIndex={variantIndex}
          rowIndex={rowIndex}
          checks={checks}
          isFastest={fastestIndexes.includes(String(variantIndex))}
          isPicked={pickedIndexes.includes(String(variantIndex))}
          canAct={canAct}
          actions={actions}
        />
      ))}
    </tr>
  );
});

const MatrixSummary = memo(function MatrixSummary({ totals }: { totals: ReturnType<typeof summarizeRun> }) {
  const best = {
    passRate: bestIndexes(totals.variants.map((variant) => variant.pass_rate), 'higher'),
    ttft: bestIndexes(totals.variants.map((variant) => variant.median_ttft_ms), 'lower'),
    total: bestIndexes(totals.variants.map((variant) => variant.median_total_ms), 'lower'),
    tokens: bestIndexes(totals.variants.map((variant) => (variant.done > 0 ? variant.total_tokens : null)), 'lower'),
  };
  const mark = (isBest: boolean) => cx(isBest && 'font-semibold text-success');
  return (
    <tfoot className="border-t-2 border-line bg-sunken text-xs">
      <tr data-testid="matrix-summary">
        <th scope="row" className="p-2 text-left align-top">
          Per variant
        </th>
        {totals.variants.map((variant, index) => (
          <td key={index} className="p-2 align-top" data-testid="summary-cell" data-variant={variant.variant}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2">
              <dt className="text-fg-muted">pass rate</dt>
              <dd className={mark(best.passRate.includes(index))} data-testid="summary-pass-rate">
                {percent(variant.pass_rate)} ({variant.passed}/{variant.done})
              </dd>
              <dt className="text-fg-muted">median first token</dt>
              <dd className={mark(best.ttft.includes(index))}>{formatDuration(variant.median_ttft_ms)}</dd>
              <dt className="text-fg-muted">median total</dt>
              <dd className={mark(best.total.includes(index))}>{formatDuration(variant.median_total_ms)}</dd>
              <dt className="text-fg-muted">total tokens</dt>
              <dd className={mark(best.tokens.includes(index))}>{variant.total_tokens}</dd>
            </dl>
          </td>
        ))}
      </tr>
    </tfoot>
  );
});
