// SSE framing (`event: <type>` + one `data:` line, no [DONE]) and the streamed HTTP response fed by a run's subscription.
import { obfuscationPad } from './agent';
import type { JsonObject } from './agent/contract';

const encoder = new TextEncoder();

export function encodeSseEvent(event: JsonObject): Uint8Array {
  return encoder.encode(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
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

/** A 200 text/event-stream response fed by `subscribe`. */
export function sseResponse(subscribe: Subscribe, signal: AbortSignal | null, hooks: SseHooks = {}): Response {
  let unsubscribe: (() => void) | undefined;
  let finished = false;
  let dropPending: (() => void) | null = null;
  const finish = () => {
    finished = true;
    unsubscribe?.();
    hooks.onClose?.();
  };
  const stop = () => {
    if (finished) return;
    finish();
    hooks.onDisconnect?.();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const sink: EventSink = {
        event(event) {
          if (!finished) controller.enqueue(encodeSseEvent(event));
        },
        end() {
          if (finished) return;
          finish();
          controller.close();
        },
        drop() {
          if (finished) return;
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
