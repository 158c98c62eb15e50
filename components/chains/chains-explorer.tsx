'use client';
// The chains page body: acting user, id lookup, the index sidebar, and the chain (or conversation) being explored.
import { useSearchParams } from 'next/navigation';
import { ActingAsField } from './acting-as-field';
import { ConversationView } from './conversation-view';
import { IndexPanel } from './index-panel';
import { LookupForm } from './lookup-form';
import { TurnList } from './turn-list';
import { useChainTurns } from './use-chain-turns';
import { useOnBehalfOf } from './use-on-behalf-of';

function ChainView({ leafId, onBehalfOf, include }: { leafId: string; onBehalfOf: string; include: readonly string[] }) {
  const turns = useChainTurns({ kind: 'chain', leafId }, onBehalfOf, include);
  return (
    <section aria-labelledby="chain-title" data-testid="chain-view" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chain-title" className="font-semibold">
          Chain ending at <code className="break-all font-mono">{leafId}</code>, root first
        </h2>
        <button type="button" className="rounded border border-zinc-300 px-2 py-1 text-sm dark:border-zinc-700" onClick={turns.reload} disabled={turns.isLoading}>
          Reload
        </button>
      </div>
      <TurnList state={turns} currentId={leafId} onBehalfOf={onBehalfOf} onChanged={turns.reload} noun="chain" />
    </section>
  );
}

export function ChainsExplorer() {
  const params = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const conversation = params.get('conversation')?.trim() || null;
  const include = params.getAll('include');
  const [onBehalfOf] = useOnBehalfOf();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-6">
        <LookupForm key={`${id ?? ''}|${include.join(',')}`} currentId={id} currentInclude={include} />
        <ActingAsField />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,1fr)_3fr]">
        <aside className="order-2 min-w-0 lg:order-1">
          <IndexPanel onBehalfOf={onBehalfOf} currentId={id} currentConversation={conversation} />
        </aside>
        <div className="order-1 min-w-0 lg:order-2">
          {id ? (
            <ChainView key={id} leafId={id} onBehalfOf={onBehalfOf} include={include} />
          ) : conversation ? (
            <ConversationView key={conversation} conversationId={conversation} onBehalfOf={onBehalfOf} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="chains-empty">
              Enter a response id to see it with every earlier turn, or pick one from the seen responses.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
