'use client';
// One cell of the results matrix: its status, the text as it streams (the start of it: the whole is in the transcript),
// the figures, every failed check with its reason, and the cell's actions. Re-renders only when its own cell changes.
// Painting is kept local: a cell far off screen skips layout and paint of its content (content-visibility), and a streaming
// cell's text box has a fixed height, so text arriving does not move the rows below it.
import { memo } from 'react';
import { Badge, StatusBadge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { describeCheck } from '@/lib/grids/check-words';
import type { GridCheck } from '@/lib/schema/grid';
import { cellKey, type LiveRunStore } from './live-run-store';
import { formatDuration } from './run-controls';
import { useCell } from './use-live-run';

/** The matrix shows this much of a cell's text; the transcript view shows all of it. */
const SHOWN_CHARS = 600;

export interface CellActions {
  onOpen(variantIndex: number, rowIndex: number): void;
  onRerun(variantIndex: number, rowIndex: number): void;
  onPick(variantIndex: number, rowIndex: number): void;
}

const STATUS_TONES: Record<string, Tone> = { running: 'info', queued: 'neutral', error: 'danger', timed_out: 'danger', interrupted: 'warning', invalid: 'danger' };

export const ResultCell = memo(function ResultCell({ store, variantIndex, rowIndex, checks, isFastest, isPicked, canAct, actions }: {
  store: LiveRunStore;
  variantIndex: number;
  rowIndex: number;
  checks: readonly GridCheck[];
  isFastest: boolean;
  isPicked: boolean;
  /** Off while the run is still going (re-run needs it ended). */
  canAct: boolean;
  actions: CellActions;
}) {
  const cell = useCell(store, cellKey(variantIndex, rowIndex));
  if (!cell) return <td className="p-2 align-top text-xs text-fg-muted" data-testid={`cell-${variantIndex}-${rowIndex}`} data-status="none">Not run</td>;
  const text = cell.output_text;
  const failedChecks = cell.checks.map((verdict, index) => ({ verdict, check: checks[index] })).filter((entry) => !entry.verdict.pass);
  const isSettled = cell.status !== 'queued' && cell.status !== 'running';
  return (
    <td
      className={cx('p-2 align-top', cell.pass === true && 'bg-success-soft/30', cell.pass === false && 'bg-danger-soft/30', isPicked && 'outline-2 -outline-offset-2 outline-accent')}
      data-testid={`cell-${variantIndex}-${rowIndex}`}
      data-status={cell.status}
      data-pass={cell.pass === null ? 'pending' : String(cell.pass)}
    >
      <div className="flex min-w-0 flex-col gap-1.5 text-xs [contain-intrinsic-size:auto_10rem] [content-visibility:auto]">
        <div className="flex flex-wrap items-center gap-1">
          {STATUS_TONES[cell.status] ? <Badge tone={STATUS_TONES[cell.status]} isMono data={{ 'data-status': cell.status }}>{cell.status.replace('_', ' ')}</Badge> : <StatusBadge status={cell.status} />}
          {cell.pass !== null ? (
            <Badge tone={cell.pass ? 'success' : 'danger'} testId="cell-verdict">
              {cell.pass ? 'pass' : 'fail'}
            </Badge>
          ) : null}
          {cell.retry_at ? <Badge tone="warning">rate limited, retrying</Badge> : null}
        </div>
        {text ? (
          <p className={cx('line-clamp-6 whitespace-pre-wrap text-fg [overflow-wrap:anywhere]', !isSettled && 'h-24')} data-testid="cell-text">
            {text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text}
          </p>
        ) : isSettled ? (
          <p className="text-fg-muted italic">(no text)</p>
        ) : cell.status === 'running' ? (
          <p className="h-24" aria-hidden="true" />
        ) : null}
        {cell.error ? <p className="text-danger [overflow-wrap:anywhere]" data-testid="cell-error">{cell.error.message}</p> : null}
        <p className="text-fg-muted" data-testid="cell-metrics">
          first token {formatDuration(cell.ttft_ms)} · <span className={cx(isFastest && 'font-semibold text-success')} title={isFastest ? 'Fastest in this row' : undefined}>total {formatDuration(cell.total_ms)}</span> · {cell.output_tokens ?? '—'} tokens
          {cell.model ? <> · <span className="font-mono">{cell.model}</span></> : null}
        </p>
        {cell.checks.length > 0 ? (
          <ul className="flex flex-col gap-0.5" data-testid="cell-checks" aria-label="Checks">
            {failedChecks.map(({ verdict, check }, index) => (
              <li key={index} className="text-danger [overflow-wrap:anywhere]" data-testid="cell-check-failed">
                <span aria-hidden="true">✗ </span>
                {check ? describeCheck(check) : verdict.type}: {verdict.reason}
              </li>
            ))}
            {failedChecks.length < cell.checks.length ? (
              <li className="text-success" title={cell.checks.filter((verdict) => verdict.pass).map((verdict) => verdict.reason).join('\n')}>
                <span aria-hidden="true">✓ </span>
                {cell.checks.length - failedChecks.length} of {cell.checks.length} checks passed
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" data-testid="cell-open" onClick={() => actions.onOpen(variantIndex, rowIndex)}>
            Open
          </Button>
          <Button size="sm" variant="ghost" aria-pressed={isPicked} data-testid="cell-pick" onClick={() => actions.onPick(variantIndex, rowIndex)}>
            {isPicked ? 'Picked for diff' : 'Diff'}
          </Button>
          {canAct && cell.status !== 'invalid' ? (
            <Button size="sm" variant="ghost" data-testid="cell-rerun" onClick={() => actions.onRerun(variantIndex, rowIndex)}>
              Re-run
            </Button>
          ) : null}
        </div>
      </div>
    </td>
  );
});
