'use client';
// One retrieved turn of a chain: status, model, usage, input items, output, raw JSON, and continue/branch/delete.
import Link from 'next/link';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClass, linkClass } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { CopyButton } from '@/components/ui/copy-button';
import { DescriptionList } from '@/components/ui/layout';
import { Mono } from '@/components/ui/mono';
import { conversationIdOf } from '@/lib/schema/response';
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
      className={cx('min-w-0 rounded-lg border bg-surface p-3 sm:p-4', isCurrent ? 'border-accent' : 'border-line')}
    >
      <header className="flex min-w-0 flex-wrap items-start gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          Turn {position}
          {isCurrent ? <span className="ml-1 text-xs font-normal text-link">(looked up)</span> : null}
        </h3>
        <Mono className="min-w-0 flex-1 basis-64 text-sm" testId="turn-id">
          {turn.id}
        </Mono>
        <CopyButton text={turn.id} label="Copy response id" />
      </header>
      <DescriptionList
        className="mt-3"
        items={[
          { term: 'Status', value: response.status ? <StatusBadge status={response.status} /> : 'unknown', testId: 'turn-status' },
          { term: 'Model', value: response.model ?? 'unknown', testId: 'turn-model', isMono: true },
          {
            term: 'Usage',
            value: usage ? `${usage.input_tokens ?? '?'} in · ${usage.output_tokens ?? '?'} out · ${usage.total_tokens ?? '?'} total tokens` : 'not reported',
            testId: 'turn-usage',
          },
          { term: 'Created', value: created ?? 'unknown' },
          ...(conversationId
            ? [
                {
                  term: 'Conversation',
                  value: (
                    <Link className={linkClass('font-mono')} href={`/chains?conversation=${encodeURIComponent(conversationId)}`}>
                      {conversationId}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />

      <section className="mt-4 min-w-0" aria-label={`Input of turn ${position}`}>
        <h4 className="mb-1 text-sm font-medium">Input items ({turn.inputItems.length})</h4>
        {turn.inputItemsFailure ? (
          <p role="alert" className="text-sm text-danger">
            Could not list the input items ({turn.inputItemsFailure.status || 'unreachable'}
            {turn.inputItemsFailure.message ? `: ${turn.inputItemsFailure.message}` : ''}).
          </p>
        ) : (
          <ItemList items={turn.inputItems} label="Input items" testId="turn-input-items" />
        )}
      </section>
      <section className="mt-4 min-w-0" aria-label={`Output of turn ${position}`}>
        <h4 className="mb-1 text-sm font-medium">Output</h4>
        <ItemList items={response.output ?? []} label="Output items" testId="turn-output" />
      </section>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Link data-testid="turn-continue" href={`/?previous_response_id=${encodeURIComponent(turn.id)}`} className={buttonClass({ variant: 'primary', size: 'sm' })}>
          Continue / branch from this turn
        </Link>
        {isCurrent ? null : (
          <Link className={buttonClass({ variant: 'ghost', size: 'sm' })} href={`/chains?id=${encodeURIComponent(turn.id)}`}>
            Open as the last turn
          </Link>
        )}
        <DeleteResponseButton id={turn.id} onBehalfOf={onBehalfOf} onDeleted={onDeleted} />
      </div>
      <div className="mt-3">
        <RawJson value={response} label="Raw response JSON" testId="turn-raw-json" />
      </div>
    </article>
  );
}
