'use client';
// One retrieved turn of a chain: status, model, usage, input items, output, raw JSON, and continue/branch/delete.
import Link from 'next/link';
import { conversationIdOf } from '@/lib/chains/schema';
import type { ChainTurn } from '@/lib/chains/walk';
import { DeleteResponseButton } from './delete-response-button';
import { ItemList } from './item-list';
import { RawJson } from './raw-json';

type RetrievedTurn = Extract<ChainTurn, { kind: 'turn' }>;

function formatUnixSeconds(value: number | null | undefined): string | null {
  return typeof value === 'number' ? new Date(value * 1000).toLocaleString() : null;
}

export function TurnCard({
  turn,
  position,
  isCurrent,
  onBehalfOf,
  onDeleted,
}: {
  turn: RetrievedTurn;
  position: number;
  isCurrent: boolean;
  onBehalfOf: string;
  onDeleted: () => void;
}) {
  const { response } = turn;
  const usage = response.usage;
  const conversationId = conversationIdOf(response);
  const created = formatUnixSeconds(response.created_at);
  const headingId = `turn-${turn.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="chain-turn"
      data-turn-id={turn.id}
      data-turn-kind="turn"
      data-current={isCurrent ? 'true' : undefined}
      className={`rounded-lg border bg-white p-3 dark:bg-zinc-950 ${isCurrent ? 'border-blue-500' : 'border-zinc-200 dark:border-zinc-800'}`}
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          Turn {position}
          {isCurrent ? <span className="ml-1 text-xs font-normal text-blue-700 dark:text-blue-400">(looked up)</span> : null}
        </h3>
        <code className="font-mono text-sm" data-testid="turn-id">
          {turn.id}
        </code>
        <button type="button" className="text-xs text-zinc-500 underline" onClick={() => void navigator.clipboard?.writeText(turn.id)}>
          Copy id
        </button>
      </header>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-zinc-500">Status</dt>
        <dd data-testid="turn-status">{response.status ?? 'unknown'}</dd>
        <dt className="text-zinc-500">Model</dt>
        <dd data-testid="turn-model">{response.model ?? 'unknown'}</dd>
        <dt className="text-zinc-500">Usage</dt>
        <dd data-testid="turn-usage">
          {usage ? `${usage.input_tokens ?? '?'} in · ${usage.output_tokens ?? '?'} out · ${usage.total_tokens ?? '?'} total tokens` : 'not reported'}
        </dd>
        <dt className="text-zinc-500">Created</dt>
        <dd>{created ?? 'unknown'}</dd>
        {conversationId ? (
          <>
            <dt className="text-zinc-500">Conversation</dt>
            <dd>
              <Link className="font-mono text-blue-700 underline dark:text-blue-400" href={`/chains?conversation=${encodeURIComponent(conversationId)}`}>
                {conversationId}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      <section className="mt-3" aria-label={`Input of turn ${position}`}>
        <h4 className="text-sm font-medium">Input items ({turn.inputItems.length})</h4>
        {turn.inputItemsFailure ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Could not list the input items ({turn.inputItemsFailure.status || 'unreachable'}
            {turn.inputItemsFailure.message ? `: ${turn.inputItemsFailure.message}` : ''}).
          </p>
        ) : (
          <ItemList items={turn.inputItems} label="Input items" testId="turn-input-items" />
        )}
      </section>
      <section className="mt-3" aria-label={`Output of turn ${position}`}>
        <h4 className="text-sm font-medium">Output</h4>
        <ItemList items={response.output ?? []} label="Output items" testId="turn-output" />
      </section>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link
          data-testid="turn-continue"
          href={`/?previous_response_id=${encodeURIComponent(turn.id)}`}
          className="rounded bg-zinc-900 px-2 py-1 text-sm text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
        >
          Continue / branch from this turn
        </Link>
        {isCurrent ? null : (
          <Link className="text-sm text-blue-700 underline dark:text-blue-400" href={`/chains?id=${encodeURIComponent(turn.id)}`}>
            Open as the last turn
          </Link>
        )}
        <DeleteResponseButton id={turn.id} onBehalfOf={onBehalfOf} onDeleted={onDeleted} />
      </div>
      <div className="mt-2">
        <RawJson value={response} label="Raw response JSON" testId="turn-raw-json" />
      </div>
    </article>
  );
}
