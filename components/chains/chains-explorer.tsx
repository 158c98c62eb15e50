'use client';
// The chains page body: acting user, id lookup, the index sidebar, and the chain (or conversation) being explored.
import { useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/layout';
import { Mono } from '@/components/ui/mono';
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
    <section aria-labelledby="chain-title" data-testid="chain-view" className="min-w-0 space-y-3">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <h2 id="chain-title" className="min-w-0 font-semibold">
          Chain ending at <Mono>{leafId}</Mono>, root first
        </h2>
        <Button size="sm" onClick={turns.reload} isLoading={turns.isLoading} loadingText="Loading…">
          Reload
        </Button>
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
    <div className="min-w-0 space-y-6">
      <div className="flex min-w-0 flex-wrap items-start gap-x-6 gap-y-3 rounded-lg border border-line bg-surface p-3 sm:p-4">
        <LookupForm key={`${id ?? ''}|${include.join(',')}`} currentId={id} currentInclude={include} />
        <ActingAsField />
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(16rem,1fr)_3fr]">
        <div className="order-2 min-w-0 lg:order-1">
          <IndexPanel onBehalfOf={onBehalfOf} currentId={id} currentConversation={conversation} />
        </div>
        <div className="order-1 min-w-0 lg:order-2">
          {id ? (
            <ChainView key={id} leafId={id} onBehalfOf={onBehalfOf} include={include} />
          ) : conversation ? (
            <ConversationView key={conversation} conversationId={conversation} onBehalfOf={onBehalfOf} />
          ) : (
            <EmptyState title="No response open" testId="chains-empty">
              Enter a response id to see it with every earlier turn, or pick one from the seen responses.
            </EmptyState>
          )}
        </div>
      </div>
    </div>
  );
}
