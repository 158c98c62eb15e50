'use client';
// The sidebar: the seen-response forest and the conversations, optionally only the acting user's.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { cx } from '@/components/ui/cx';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { OwnerViewSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { Skeleton } from '@/components/ui/progress';
import { sessionQuery } from '@/lib/http/query-keys';
import { findPath } from '@/lib/chains/forest';
import { ChainTree } from './chain-tree';
import { useChainIndex } from './use-chain-index';

export function IndexPanel({ onBehalfOf, currentId, currentConversation }: { onBehalfOf: string; currentId: string | null; currentConversation: string | null }) {
  const [isOnlyMine, setIsOnlyMine] = useState(true);
  const [view, setView] = useState<OwnerListView>('mine');
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const index = useChainIndex(isOnlyMine ? onBehalfOf.trim() : undefined, isPersonal ? view : 'all');
  const roots = index.data?.roots ?? [];
  const conversations = index.data?.conversations ?? [];

  return (
    <Card title="Seen responses" testId="chains-index" className="space-y-3">
      {isPersonal ? <OwnerViewSwitch name="chains-view" value={view} onChange={setView} testId="chains-view" /> : null}
      <Checkbox
        data-testid="chains-only-mine"
        checked={isOnlyMine}
        onChange={(event) => setIsOnlyMine(event.target.checked)}
        label={`Only ${onBehalfOf.trim() ? `"${onBehalfOf.trim()}"` : 'no-user'} responses`}
      />
      {index.isPending ? <Skeleton label="Loading the index…" /> : null}
      {index.error ? <Alert>{index.error.message}</Alert> : null}
      {index.data ? <ChainTree roots={roots} currentPath={currentId ? findPath(roots, currentId) : []} /> : null}

      <h2 className="border-t border-line pt-3 font-semibold">Conversations</h2>
      {conversations.length === 0 ? (
        <p className="text-sm text-fg-muted">No response with a conversation seen yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="min-w-0">
              <Link
                href={`/chains?conversation=${encodeURIComponent(conversation.id)}`}
                aria-current={conversation.id === currentConversation ? 'true' : undefined}
                className={cx('inline-block max-w-full rounded px-1 text-sm hover:bg-sunken', conversation.id === currentConversation && 'bg-accent-soft')}
              >
                <code className="font-mono text-link [overflow-wrap:anywhere]">{conversation.id}</code> · {conversation.responses.length} response
                {conversation.responses.length === 1 ? '' : 's'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
