// GET /api/events: the live events a page may see, pushed as SSE (what another instance received included), with a keepalive.
import 'server-only';
import { requireActor } from '@/lib/auth/current-actor';
import { ownerIdOf, type Actor } from '@/lib/auth/identity';
import { withRoute } from '@/lib/http/route';
import { formatSseComment, formatSseRecord } from '@/lib/sse/format-sse';
import { isHearingOtherInstances, subscribeLiveEvents, type LiveEvent } from './events';

const KEEPALIVE_MS = 15_000;

/** The same rule as the lists: your own items, shared ones, and items made before anyone signed in (no owner). */
export function canSee(actor: Actor, event: Pick<LiveEvent, 'owner_id' | 'shared'>): boolean {
  const ownerId = ownerIdOf(actor);
  return ownerId === null || event.owner_id === null || event.shared || event.owner_id === ownerId;
}

export const handleLiveEvents = withRoute('GET /api/events', async (request: Request) => {
  const actor = await requireActor(request);
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      // The first message says whether other instances are heard; a page that is told they are not keeps polling.
      send(formatSseRecord('ready', { hears_other_instances: isHearingOtherInstances() }));
      const unsubscribe = subscribeLiveEvents((event) => {
        if (canSee(actor, event)) send(formatSseRecord(event.type, event));
      });
      const keepalive = setInterval(() => send(formatSseComment('keepalive')), KEEPALIVE_MS);
      cleanup = () => {
        clearInterval(keepalive);
        unsubscribe();
      };
      request.signal.addEventListener('abort', () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' } });
});
