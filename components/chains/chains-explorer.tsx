'use client';
// The chains page body: acting user, id lookup, the index sidebar, and the chain (or conversation) being explored.
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { EmptyState } from '@/components/ui/layout';
import { Skeleton } from '@/components/ui/progress';
import { ActingAsField } from './acting-as-field';
import { IndexPanel } from './index-panel';
import { LookupForm } from './lookup-form';
import { useOnBehalfOf } from './use-on-behalf-of';

function LoadingTurns() {
  return <Skeleton label="Loading the turns…" />;
}

// The turn views, the walker and the reply schemas it checks gateway replies with (zod) load when a chain or a
// conversation is first opened: the page with nothing open (the index and the lookup) does without them.
const ChainView = dynamic(() => import('./chain-view').then((module) => module.ChainView), { ssr: false, loading: LoadingTurns });
const ConversationView = dynamic(() => import('./conversation-view').then((module) => module.ConversationView), { ssr: false, loading: LoadingTurns });

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
