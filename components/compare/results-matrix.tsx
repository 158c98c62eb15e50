'use client';
// The results matrix: a column per variant, a row per test case, each cell live; the summary row per variant (pass rate,
// median times, tokens) with the best value of each figure marked, and the fastest cell of each row.
import { useMemo } from 'react';
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

export function ResultsMatrix({ definition, store, cells, picked, canAct, actions }: MatrixProps) {
  const totals = useMemo(() => summarizeRun(definition.variants.map((variant) => variant.label), cells), [definition, cells]);
  const fastestByRow = useMemo(() => {
    const times = new Map(cells.filter((cell) => cell.status === 'completed').map((cell) => [`${cell.variant_index}:${cell.row_index}`, cell.total_ms]));
    return new Map(definition.rows.map((_, rowIndex) => [rowIndex, bestIndexes(definition.variants.map((_, variantIndex) => times.get(`${variantIndex}:${rowIndex}`) ?? null), 'lower')]));
  }, [definition, cells]);
  const best = {
    passRate: bestIndexes(totals.variants.map((variant) => variant.pass_rate), 'higher'),
    ttft: bestIndexes(totals.variants.map((variant) => variant.median_ttft_ms), 'lower'),
    total: bestIndexes(totals.variants.map((variant) => variant.median_total_ms), 'lower'),
    tokens: bestIndexes(totals.variants.map((variant) => (variant.done > 0 ? variant.total_tokens : null)), 'lower'),
  };
  const mark = (isBest: boolean) => cx(isBest && 'font-semibold text-success');
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border border-line" role="region" aria-label="Results matrix" tabIndex={0}>
      <table className="w-full border-collapse text-left" data-testid="results-matrix">
        <thead className="bg-sunken text-xs">
          <tr>
            <th scope="col" className="min-w-40 p-2 align-bottom">
              Row
            </th>
            {definition.variants.map((variant, variantIndex) => {
              const problem = findVariantProblem(definition, variant);
              const user = variantOnBehalfOf(definition, variant);
              return (
                <th key={variantIndex} scope="col" className="p-2 align-bottom" data-testid="matrix-variant" data-variant={variant.label}>
                  <div className="flex flex-col gap-0.5 font-normal">
                    <span className="text-sm font-semibold text-fg">{variant.label}</span>
                    <span className="font-mono text-fg-muted">{String(buildVariantBody(definition, variant).model ?? '(no model)')}{user ? ` · as ${user}` : ''}</span>
                    {problem ? <span className="text-danger">Cannot run: {problem.message}</span> : null}
                    {canAct ? (
                      <Button size="sm" variant="ghost" className="self-start" data-testid="rerun-column" onClick={() => actions.onRerunColumn(variantIndex)}>
                        Re-run column
                      </Button>
                    ) : null}
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {definition.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t border-line" data-testid="matrix-row" data-row={row.label}>
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
              {definition.variants.map((variant, variantIndex) => (
                <ResultCell
                  key={variantIndex}
                  store={store}
                  variantIndex={variantIndex}
                  rowIndex={rowIndex}
                  checks={definition.checks}
                  isFastest={fastestByRow.get(rowIndex)?.includes(variantIndex) ?? false}
                  isPicked={picked.includes(`${variantIndex}:${rowIndex}`)}
                  canAct={canAct}
                  actions={actions}
                />
              ))}
            </tr>
          ))}
        </tbody>
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
      </table>
      <p className="p-2 text-xs text-fg-muted">Green figures are the best of their row or of the summary (several when tied).</p>
    </div>
  );
}
