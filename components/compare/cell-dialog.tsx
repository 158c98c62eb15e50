'use client';
// A cell in full: its turn in the transcript's own views (request sent, every output item, the raw event log), its checks
// with their reasons, and the way on: continue it in the playground, or run it again.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EventLog } from '@/components/transcript/event-log';
import { TurnView } from '@/components/transcript/turn-view';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { buildVariantBody } from '@/lib/grids/cells';
import { describeCheck } from '@/lib/grids/check-words';
import { queryKeys } from '@/lib/http/query-keys';
import type { GridCell } from '@/lib/grids/wire';
import type { GridDefinition } from '@/lib/schema/grid';
import type { Turn } from '@/lib/transcript/run-types';
import { gridApi } from './grid-api';

export interface OpenCell {
  variantIndex: number;
  rowIndex: number;
}

/** The playground's link that opens the cell's response as a thread, as the user it was sent for. */
export function continueHref(cell: Pick<GridCell, 'response_id' | 'on_behalf_of'>): string | null {
  if (!cell.response_id) return null;
  return `/?${new URLSearchParams({ response: cell.response_id, on_behalf_of: cell.on_behalf_of ?? '' }).toString()}`;
}

export function CellDialog({ gridId, runId, open, definition, canRerun, onRerun, onClose }: {
  gridId: string;
  runId: string;
  open: OpenCell;
  definition: GridDefinition;
  canRerun: boolean;
  onRerun(): void;
  onClose(): void;
}) {
  const detail = useQuery({
    queryKey: queryKeys.gridCell(gridId, runId, open.variantIndex, open.rowIndex),
    queryFn: () => gridApi.cell(gridId, runId, open.variantIndex, open.rowIndex),
    // Always read anew: a cell changes when it settles or runs again.
    staleTime: 0,
    gcTime: 0,
  });
  const cell = detail.data as (GridCell & { turn: Turn | null }) | undefined;
  // The stored turn is shown as the playground would: its key is the cell's place.
  const turn = useMemo(() => (cell?.turn ? { ...cell.turn, key: `cell-${open.variantIndex}-${open.rowIndex}`, eventCount: cell.turn.events.length } : null), [cell, open]);
  const variant = definition.variants[open.variantIndex]?.label ?? '';
  const row = definition.rows[open.rowIndex]?.label ?? '';
  const variantDefinition = definition.variants[open.variantIndex];
  const isStored = variantDefinition ? buildVariantBody(definition, variantDefinition).store !== false : false;
  const href = cell && isStored ? continueHref(cell) : null;
  return (
    <Dialog open size="lg" onClose={onClose} title={`${variant} × ${row}`} testId="cell-dialog">
      <div className="flex min-w-0 flex-col gap-3">
        {detail.isError ? <p role="alert" className="text-danger">The cell could not be loaded: {(detail.error as Error).message}</p> : null}
        {cell ? (
          <>
            <div className="flex flex-wrap gap-2">
              {href ? (
                <a className={buttonClass({ variant: 'primary', size: 'sm' })} href={href} data-testid="cell-continue">
                  Continue in the playground
                </a>
              ) : (
                <span className="text-xs text-fg-muted">{cell.response_id ? 'Sent with store: false: it cannot be continued.' : 'No response to continue.'}</span>
              )}
              {canRerun && cell.status !== 'invalid' ? (
                <button type="button" className={buttonClass({ size: 'sm' })} data-testid="cell-dialog-rerun" onClick={onRerun}>
                  Re-run this cell
                </button>
              ) : null}
            </div>
            {cell.checks.length ? (
              <ul className="flex flex-col gap-0.5 text-xs" aria-label="Checks" data-testid="cell-dialog-checks">
                {cell.checks.map((verdict, index) => (
                  <li key={index} className={verdict.pass ? 'text-success' : 'text-danger'}>
                    {verdict.pass ? '✓' : '✗'} {definition.checks[index] ? describeCheck(definition.checks[index]) : verdict.type}: {verdict.reason}
                  </li>
                ))}
              </ul>
            ) : null}
            {turn ? (
              <>
                <TurnView turn={turn} number={1} recovery={{ onRetry: () => (canRerun ? onRerun() : undefined) }} />
                <details className="text-xs" data-testid="cell-dialog-events">
                  <summary className="cursor-pointer text-fg-muted">Raw events ({turn.events.length})</summary>
                  <EventLog events={turn.events} eventCount={turn.eventCount} />
                </details>
              </>
            ) : (
              <p className="text-fg-muted" data-testid="cell-dialog-pending">
                {cell.status === 'queued' || cell.status === 'running' ? 'This cell is still running: its transcript opens here once it settles.' : cell.error?.message ?? 'This cell sent nothing.'}
              </p>
            )}
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
