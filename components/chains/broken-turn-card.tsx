// A turn the gateway would not return: why (from the status and the index), and what the index knows about it.
import Link from 'next/link';
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
      className="rounded-lg border border-dashed border-amber-500 bg-amber-50 p-3 dark:bg-amber-950/40"
    >
      <header className="flex flex-wrap items-baseline gap-x-3">
        <h3 id={headingId} className="font-semibold">
          Turn {position}: broken link
        </h3>
        <code className="font-mono text-sm" data-testid="turn-id">
          {turn.id}
        </code>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">HTTP {failure.status || 'unreachable'}</span>
      </header>
      <p className="mt-1 font-medium" data-testid="broken-title">
        {explanation.title}
      </p>
      <p className="text-sm" data-testid="broken-detail">
        {explanation.detail}
      </p>
      {entry ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Index: seen {new Date(entry.created_at).toLocaleString()} with {entry.on_behalf_of ? `user "${entry.on_behalf_of}"` : 'no user'}
          {entry.model ? `, model ${entry.model}` : ''}
          {entry.previous_response_id ? `, continues from ${entry.previous_response_id}` : ', no earlier turn known'}.
        </p>
      ) : null}
      {isCurrent ? null : (
        <Link className="mt-1 inline-block text-sm text-blue-700 underline dark:text-blue-400" href={`/chains?id=${encodeURIComponent(turn.id)}`}>
          Look up this id
        </Link>
      )}
    </article>
  );
}
