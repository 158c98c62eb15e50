'use client';
// A turn's run state in words: what it is waiting on (counting live), a drop or a stop and what was kept, and the way
// out (Retry on every failed turn, Resume where the gateway can stream the response again).
import { Button } from '@/components/ui/button';
import { describeWait } from '@/lib/run/live';
import { canResume, canRetry, isActive } from '@/lib/run/machine';
import type { Turn } from '@/lib/transcript/run-types';
import { NO_SEQUENCE_NUMBERS, readNumbering } from '@/lib/transcript/sequencing';
import { useNow } from './use-now';

export interface TurnRecovery {
  /** Absent where nothing can be sent again (a replay). */
  onRetry?: (key: string) => void;
  /** Only for the latest turn: resumes it from its last sequence number. */
  onResume?: () => void;
}

export function TurnWaitNote({ turn }: { turn: Turn }) {
  const now = useNow(isActive(turn));
  const text = describeWait(turn, now);
  if (!text) return null;
  return (
    <p data-testid="run-wait" data-status={turn.status} className="text-xs text-fg-muted">
      {text}
    </p>
  );
}

export function TurnEndNote({ turn, recovery }: { turn: Turn; recovery: TurnRecovery }) {
  const isResumable = recovery.onResume !== undefined && canResume(turn);
  const actions = (
    <TurnActions turn={turn} isResumable={isResumable} recovery={recovery} />
  );
  if (turn.status === 'dropped') {
    const cursor = turn.transcript.lastSequenceNumber;
    return (
      <div data-testid="run-dropped" role="alert" className="flex flex-col gap-1 rounded-md border-l-4 border-warning bg-warning-soft p-2 text-sm text-fg">
        <p className="font-medium">{turn.error?.message ?? 'The stream dropped before the response finished.'}</p>
        <p className="text-xs">
          {hasOutput(turn) ? 'What arrived is kept above, marked incomplete. ' : 'Nothing had arrived yet. '}
          {isResumable
            ? `Resume continues after event ${cursor}.`
            : recovery.onRetry
              ? `${whyNotResumable(turn)} Retry sends the request again.`
              : 'The recorded run ended here.'}
        </p>
        {actions}
      </div>
    );
  }
  if (turn.status === 'stopped') {
    return (
      <div data-testid="run-stopped" className="flex flex-col gap-1 rounded-md border-l-4 border-line-strong bg-sunken p-2 text-sm">
        <p>Stopped. Everything that arrived is kept above, marked incomplete.</p>
        {isResumable ? actions : null}
      </div>
    );
  }
  return canRetry(turn) ? actions : null;
}

function TurnActions({ turn, isResumable, recovery }: { turn: Turn; isResumable: boolean; recovery: TurnRecovery }) {
  const { onRetry } = recovery;
  const isRetryable = canRetry(turn) && onRetry !== undefined;
  if (!isRetryable && !isResumable) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isResumable ? (
        <Button size="sm" data-testid="turn-resume" onClick={recovery.onResume}>
          Resume
        </Button>
      ) : null}
      {isRetryable ? (
        <Button size="sm" variant={isResumable ? 'secondary' : 'primary'} data-testid="turn-retry" onClick={() => onRetry?.(turn.key)}>
          {turn.status === 'rate_limited' ? 'Retry now' : 'Retry'}
        </Button>
      ) : null}
    </div>
  );
}

function whyNotResumable(turn: Turn): string {
  const isBackground = turn.transcript.response?.background === true;
  if (isBackground && readNumbering(turn.events, turn.eventCount).kind === 'unnumbered') return `The stream had ${NO_SEQUENCE_NUMBERS}.`;
  return 'The response was not run in the background, so the gateway cannot stream it again:';
}

function hasOutput(turn: Turn): boolean {
  return turn.transcript.items.some(Boolean);
}
