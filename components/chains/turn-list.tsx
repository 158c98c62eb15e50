'use client';
// Turns in order (root first for a chain), each retrieved or explained, with live progress for screen readers.
import { Alert } from '@/components/ui/alert';
import type { WalkEnd } from '@/lib/chains/walk';
import { BrokenTurnCard } from './broken-turn-card';
import { TurnCard } from './turn-card';
import type { TurnsState } from './use-chain-turns';

const END_NOTES: Record<Exclude<WalkEnd, 'root'>, string> = {
  unknown_parent: 'The walk stopped at a broken link whose parent the playground never saw; earlier turns cannot be found.',
  cycle: 'The walk stopped: the previous_response_id links form a loop.',
  too_long: 'The walk stopped after the maximum number of turns.',
};

export function TurnList({
  state,
  currentId,
  onBehalfOf,
  onChanged,
  noun,
}: {
  state: TurnsState;
  currentId: string | null;
  onBehalfOf: string;
  onChanged: () => void;
  noun: 'chain' | 'conversation';
}) {
  const { turns, isLoading, end, error } = state;
  const status = isLoading ? `Loading the ${noun}… ${turns.length} turn${turns.length === 1 ? '' : 's'} so far.` : `${turns.length} turn${turns.length === 1 ? '' : 's'} loaded.`;
  return (
    <div className="min-w-0 space-y-3">
      <p aria-live="polite" className="text-sm text-fg-muted" data-testid="turns-status" data-loading={isLoading ? 'true' : 'false'}>
        {status}
      </p>
      {end && end !== 'root' ? (
        <Alert tone="warning" isLive={false} testId="walk-end">
          {END_NOTES[end]}
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <ol className="min-w-0 space-y-3" aria-label={`Turns of the ${noun}`}>
        {turns.map((turn, index) => (
          <li key={turn.id} className="min-w-0">
            {turn.kind === 'turn' ? (
              <TurnCard turn={turn} position={index + 1} isCurrent={turn.id === currentId} onBehalfOf={onBehalfOf} onDeleted={onChanged} />
            ) : (
              <BrokenTurnCard turn={turn} position={index + 1} isCurrent={turn.id === currentId} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
