'use client';
// A conversation's responses in creation order (as the index saw them), each retrieved with its input and output.
import { useMemo } from 'react';
import { Mono } from '@/components/ui/mono';
import { TurnList } from './turn-list';
import { useChainIndex } from './use-chain-index';
import { useChainTurns } from './use-chain-turns';

export function ConversationView({ conversationId, onBehalfOf }: { conversationId: string; onBehalfOf: string }) {
  const index = useChainIndex(undefined);
  const group = index.data?.conversations.find((conversation) => conversation.id === conversationId);
  const ids = useMemo(() => group?.responses.map((entry) => entry.id) ?? [], [group]);
  const turns = useChainTurns(index.data ? { kind: 'list', ids } : null, onBehalfOf);

  return (
    <section aria-labelledby="conversation-title" data-testid="conversation-view" className="min-w-0 space-y-3">
      <h2 id="conversation-title" className="font-semibold">
        Conversation <Mono>{conversationId}</Mono>
      </h2>
      {index.data && ids.length === 0 ? (
        <p className="text-sm text-fg-muted">The playground has not seen a response in this conversation yet.</p>
      ) : (
        <TurnList state={turns} currentId={null} onBehalfOf={onBehalfOf} onChanged={turns.reload} noun="conversation" />
      )}
    </section>
  );
}
