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

/** Where framed SSE text goes. */
export interface SseOutput {
  /** The records of the events published in one turn of the event loop. */
  write(text: string): void;
  /** The stream is complete; `text` is what was still pending (maybe empty). */
  end(text: string): void;
  /** Cut the connection after `text` (what was pending), without a proper end. */
  drop(text: string): void;
}

/**
 * A streamed reply, subscribed as soon as it is made (so a run that drops or ends before anyone writes it is seen as it
 * happened) and framed once an output is opened: the standalone server's node:http response, or a Web ReadableStream.
 */
export interface SseReply {
  kind: 'sse';
  /** Added to SSE_HEADERS (e.g. x-request-id). */
  headers: Record<string, string>;
  /** Connects the output (once); returns `stop`, for when the client went away (runs onDisconnect). */
  open(output: SseOutput): () => void;
}

/**
 * Subscribes now and feeds the events to the output opened later. Events published in one turn of the event loop leave as
 * one write (flushed on a microtask, so a paced event is not held back): a zero-paced run's hundred events cost one write
 * instead of a hundred, with the same bytes; a run that ended before the output opened is one `end`.
 */
export function sseReply(subscribe: Subscribe, hooks: SseHooks = {}): SseReply {
  let output: SseOutput | null = null;
  let unsubscribe: (() => void) | undefined;
  let finished = false;
  let ending: 'end' | 'drop' | null = null;
  let pending = '';
  let flushQueued = false;
  const take = () => {
    const text = pending;
    pending = '';
    return text;
  };
  const flush = () => {
    flushQueued = false;
    if (output && !ending && pending !== '') output.write(take());
  };
  const finish = () => {
    finished = true;
    unsubscribe?.();
    hooks.onClose?.();
  };
  const close = (how: 'end' | 'drop') => {
    if (finished) return;
    ending = how;
    finish();
    if (output) output[how](take());
  };
  const cancel = subscribe({
    event(event) {
      if (finished) return;
      pending += formatSseEvent(event);
      if (flushQueued || !output) return;
      flushQueued = true;
      queueMicrotask(flush);
    },
    end: () => close('end'),
    drop: () => close('drop'),
  });
  if (finished) cancel();
  else unsubscribe = cancel;
  return {
    kind: 'sse',
    headers: {},
    open(opened) {
      output = opened;
      if (ending) opened[ending](take());
      else if (pending !== '') opened.write(take());
      return () => {
        if (finished) return;
        pending = '';
        ending = 'end';
        finish();
        hooks.onDisconnect?.();
      };
    },
  };
}

/** The reply framed as a 200 text/event-stream Web Response that stops when `signal` aborts (the Next mount's streams). */
export function sseResponse(reply: SseReply, signal: AbortSignal | null): Response {
  let stop: (() => void) | undefined;
  let dropPending: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const enqueue = (text: string) => {
        if (text !== '') controller.enqueue(encoder.encode(text));
      };
      stop = reply.open({
        write: enqueue,
        end(text) {
          enqueue(text);
          controller.close();
        },
        drop(text) {
          enqueue(text);
          // Error only once the queue is drained: an errored stream discards queued chunks the client should still get.
          dropPending = () => controller.error(new Error('stream dropped (fault injection)'));
          if ((controller.desiredSize ?? 0) > 0) dropPending();
        },
      });
      if (signal?.aborted) queueMicrotask(() => stop?.());
      else signal?.addEventListener('abort', () => stop?.(), { once: true });
    },
    pull() {
      dropPending?.();
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...reply.headers } });
}
