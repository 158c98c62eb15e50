'use client';
// The sidebar: the seen-response forest and the conversations, optionally only the acting user's.
import Link from 'next/link';
import { useState } from 'react';
import { findPath } from '@/lib/chains/forest';
import { ChainTree } from './chain-tree';
import { useChainIndex } from './use-chain-index';

export function IndexPanel({ onBehalfOf, currentId, currentConversation }: { onBehalfOf: string; currentId: string | null; currentConversation: string | null }) {
  const [isOnlyMine, setIsOnlyMine] = useState(true);
  const index = useChainIndex(isOnlyMine ? onBehalfOf.trim() : undefined);
  const roots = index.data?.roots ?? [];
  const conversations = index.data?.conversations ?? [];

  return (
    <section aria-labelledby="chains-index-title" className="space-y-3" data-testid="chains-index">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="chains-index-title" className="font-semibold">
          Seen responses
        </h2>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" data-testid="chains-only-mine" checked={isOnlyMine} onChange={(event) => setIsOnlyMine(event.target.checked)} />
          Only {onBehalfOf.trim() ? `"${onBehalfOf.trim()}"` : 'no-user'} responses
        </label>
      </div>
      {index.isPending ? <p className="text-sm text-zinc-500">Loading the index…</p> : null}
      {index.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {index.error.message}
        </p>
      ) : null}
      {index.data ? <ChainTree roots={roots} currentPath={currentId ? findPath(roots, currentId) : []} /> : null}

      <h2 className="pt-2 font-semibold">Conversations</h2>
      {conversations.length === 0 ? (
        <p className="text-sm text-zinc-500">No response with a conversation seen yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link
                href={`/chains?conversation=${encodeURIComponent(conversation.id)}`}
                aria-current={conversation.id === currentConversation ? 'true' : undefined}
                className={`rounded px-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${conversation.id === currentConversation ? 'bg-blue-100 dark:bg-blue-950' : ''}`}
              >
                <code className="break-all font-mono">{conversation.id}</code> · {conversation.responses.length} response{conversation.responses.length === 1 ? '' : 's'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
