'use client';
// Chips for the settings that change what a request means: who it acts as, which response it continues or branches from,
// background work and its webhooks, the conversation; each removable in one click.
import { memo } from 'react';
import { Chip } from '@/components/ui/chip';
import { useDraftStore, useFieldValue, useOnBehalfOf } from './draft-context';

export interface ThreadPosition {
  /** The response a send continues from (the open thread's last turn, or the turn branched from). */
  continuesFrom: string | null;
  /** Set when the user branches from an earlier turn of the open thread. */
  branch: { turn: number; of: number } | null;
}

export function shortId(id: string): string {
  return id.length > 18 ? `${id.slice(0, 14)}…` : id;
}

/** Memoized: the playground re-renders every frame while a turn streams; this part's props do not change then. */
export const ContextChips = memo(function ContextChips({ position, onLeaveThread, onLeaveBranch }: { position: ThreadPosition; onLeaveThread: () => void; onLeaveBranch: () => void }) {
  const store = useDraftStore();
  const onBehalfOf = useOnBehalfOf().trim();
  const previous = useFieldValue('previous_response_id');
  const conversation = useFieldValue('conversation');
  const background = useFieldValue('background');
  const webhookUrl = useFieldValue('webhook_url');
  const conversationId = typeof conversation === 'string' ? conversation : typeof conversation === 'object' && conversation !== null ? String((conversation as { id?: unknown }).id ?? '') : '';
  const chips = [];
  if (onBehalfOf) {
    chips.push(
      <Chip key="user" tone="info" testId="chip-acting-as" removeLabel={`acting as ${onBehalfOf}`} onRemove={() => store.setOnBehalfOf('')}>
        acting as {onBehalfOf}
      </Chip>,
    );
  }
  if (typeof previous === 'string' && previous) {
    chips.push(
      <Chip key="previous" tone="accent" testId="chip-continuing" removeLabel={`continuing ${previous}`} onRemove={() => store.setField('previous_response_id', undefined)}>
        <span title={previous}>continuing {shortId(previous)}</span>
      </Chip>,
    );
  } else if (position.continuesFrom && position.branch) {
    chips.push(
      <Chip key="branch" tone="caution" testId="chip-branch" removeLabel={`branch of ${position.continuesFrom}`} onRemove={onLeaveBranch}>
        <span title={position.continuesFrom}>
          branch of {shortId(position.continuesFrom)} (turn {position.branch.turn} of {position.branch.of})
        </span>
      </Chip>,
    );
  } else if (position.continuesFrom && !conversationId) {
    chips.push(
      <Chip key="thread" tone="accent" testId="chip-continuing" removeLabel={`continuing ${position.continuesFrom}`} onRemove={onLeaveThread}>
        <span title={position.continuesFrom}>continuing {shortId(position.continuesFrom)}</span>
      </Chip>,
    );
  }
  if (conversationId) {
    chips.push(
      <Chip key="conversation" tone="accent" testId="chip-conversation" removeLabel={`conversation ${conversationId}`} onRemove={() => store.setField('conversation', undefined)}>
        <span title={conversationId}>conversation {shortId(conversationId)}</span>
      </Chip>,
    );
  }
  if (background === true || (typeof webhookUrl === 'string' && webhookUrl)) {
    const label = background === true && webhookUrl ? 'background + webhooks' : background === true ? 'background' : 'webhooks';
    chips.push(
      <Chip
        key="background"
        tone="warning"
        testId="chip-background"
        removeLabel={label}
        onRemove={() => {
          store.setField('background', undefined);
          store.setField('webhook_url', undefined);
          store.setField('webhook_secret', undefined);
        }}
      >
        {label}
      </Chip>,
    );
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Settings that change this request" className="flex min-w-0 flex-wrap gap-1.5" data-testid="context-chips">
      {chips.map((chip) => (
        <li key={chip.key} className="min-w-0">
          {chip}
        </li>
      ))}
    </ul>
  );
});
