// Beside a finished turn: the fields the gateway ignored or did not confirm ("the gateway ignored auto_routing"), and why we think so.
import { useMemo } from 'react';
import { isActive } from '@/lib/run/machine';
import { findEchoNotices } from '@/lib/transcript/echo';
import type { Turn } from '@/lib/transcript/run-types';

export function EchoNotes({ turn }: { turn: Turn }) {
  const isSettled = !isActive(turn);
  const { request, transcript } = turn;
  const isStreamed = turn.eventCount > 0;
  const notices = useMemo(
    () => (isSettled ? findEchoNotices(request, { firstResponse: transcript.firstResponse, response: transcript.response, isStreamed }) : []),
    [isSettled, request, transcript.firstResponse, transcript.response, isStreamed],
  );
  if (notices.length === 0) return null;
  return (
    <ul data-testid="echo-notes" aria-label="Fields the gateway did not honour" className="flex min-w-0 flex-col gap-0.5 rounded-md border-l-4 border-warning bg-warning-soft px-2 py-1 text-xs text-fg">
      {notices.map((notice) => (
        <li key={notice.field} data-testid="echo-note" data-field={notice.field} data-kind={notice.kind} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{notice.text}</span>
          <span className="text-fg-muted">: {notice.reason}.</span>
        </li>
      ))}
    </ul>
  );
}
