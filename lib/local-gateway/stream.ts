// SSE framing (`event: <type>` + one `data:` line, no [DONE]) and the streamed HTTP response fed by a run's subscription.
import { obfuscationPad } from './agent';
import type { JsonObject } from './agent/contract';

const encoder = new TextEncoder();

/** One SSE record: `event: <type>` and one `data:` line. */
export function formatSseEvent(event: JsonObject): string {
  return `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Obfuscation padding as a re-stream asked for it (`include_obfuscation`, default true): item-scoped deltas get or lose
 * their `obfuscation` field whatever the original stream had.
 */
export function withObfuscation(event: JsonObject, include: boolean): JsonObject {
  const isDelta = typeof event.delta === 'string' && typeof event.item_id === 'string' && String(event.type).endsWith('.delta');
  if (!include) {
    if (!('obfuscation' in event)) return event;
    const { obfuscation: _padding, ...bare } = event;
    return bare;
  }
  if (!isDelta || typeof event.obfuscation === 'string') return event;
  return { ...event, obfuscation: obfuscationPad(`${String(event.item_id)}\u0000${String(event.type)}\u0000${String(event.sequence_number)}`, (event.delta as string).length) };
}

export interface EventSink {
  event(event: JsonObject): void;
  /** The stream is complete: close it cleanly. */
  end(): void;
  /** Drop the connection abruptly (no terminal event). */
  drop(): void;
}

export type Subscribe = (sink: EventSink) => () => void;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export interface SseHooks {
  /** The client went away before the end. */
  onDisconnect?: () => void;
  /** The stream is over, however it ended (runs once). */
  onClose?: () => void;
}

/**
 * A 200 text/event-stream response fed by `subscribe`. Events published in one turn of the event loop leave as one chunk
 * (flushed on a microtask, so a paced event is not held back): a zero-paced run's hundred events cost one enqueue, one
 * read and one socket write instead of a hundred of each, with the same bytes on the wire.
 */
export function sseResponse(subscribe: Subscribe, signal: AbortSignal | null, hooks: SseHooks = {}): Response {
  let unsubscribe: (() => void) | undefined;
  let finished = false;
  let dropPending: (() => void) | null = null;
  let pending = '';
  let flushQueued = false;
  const finish = () => {
    finished = true;
    unsubscribe?.();
    hooks.onClose?.();
  };
  const stop = () => {
    if (finished) return;
    pending = '';
    finish();
    hooks.onDisconnect?.();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const flush = () => {
        flushQueued = false;
        if (pending === '') return;
        const text = pending;
        pending = '';
        controller.enqueue(encoder.encode(text));
      };
      const sink: EventSink = {
        event(event) {
          if (finished) return;
          pending += formatSseEvent(event);
          if (flushQueued) return;
          flushQueued = true;
          queueMicrotask(flush);
        },
        end() {
          if (finished) return;
          flush();
          finish();
          controller.close();
        },
        drop() {
          if (finished) return;
          flush();
          finish();
          // Error only once the queue is drained: an errored stream discards queued chunks the client should still get.
          dropPending = () => controller.error(new Error('stream dropped (fault injection)'));
          if ((controller.desiredSize ?? 0) > 0) dropPending();
        },
      };
      if (signal?.aborted) queueMicrotask(stop);
      else signal?.addEventListener('abort', stop, { once: true });
      const cancel = subscribe(sink);
      if (finished) cancel();
      else unsubscribe = cancel;
    },
    pull() {
      dropPending?.();
    },
    cancel: stop,
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
