// A turn the gateway would not return: why (from the status and the index), and what the index knows about it.
import Link from 'next/link';
import { linkClass } from '@/components/ui/button';
import { Mono } from '@/components/ui/mono';
import type { ChainTurn } from '@/lib/chains/walk';

type BrokenTurn = Extract<ChainTurn, { kind: 'broken' }>;

export function BrokenTurnCard({ turn, position, isCurrent }: { turn: BrokenTurn; position: number; isCurrent: boolean }) {
  const { entry, explanation, failure } = turn;
  const headingId = `turn-${turn.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="chain-turn"
      data-turn-id={turn.id}
      data-turn-kind="broken"
      data-reason={explanation.reason}
      data-current={isCurrent ? 'true' : undefined}
      className="min-w-0 rounded-lg border border-dashed border-warning bg-warning-soft/40 p-3 sm:p-4"
    >
      <header className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          Turn {position}: broken link
        </h3>
        <Mono className="text-sm" testId="turn-id">
          {turn.id}
        </Mono>
        <span className="text-xs text-fg-muted">HTTP {failure.status || 'unreachable'}</span>
      </header>
      <p className="mt-1 font-medium" data-testid="broken-title">
        {explanation.title}
      </p>
      <p className="text-sm [overflow-wrap:anywhere]" data-testid="broken-detail">
        {explanation.detail}
      </p>
      {entry ? (
        <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
          Index: seen {new Date(entry.created_at).toLocaleString()} with {entry.on_behalf_of ? `user "${entry.on_behalf_of}"` : 'no user'}
          {entry.model ? `, model ${entry.model}` : ''}
          {entry.previous_response_id ? `, continues from ${entry.previous_response_id}` : ', no earlier turn known'}.
        </p>
      ) : null}
      {isCurrent ? null : (
        <Link className={linkClass('mt-1 inline-block text-sm')} href={`/chains?id=${encodeURIComponent(turn.id)}`}>
          Look up this id
        </Link>
      )}
    </article>
  );
}
