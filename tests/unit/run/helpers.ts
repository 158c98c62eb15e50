// Shared pieces of the lib/run tests: requests, records, streamed replies, a manual clock and a scripted transport.
import { parseSseRecord, type SseRecord, type StreamEvent } from '@/lib/sse/parse-events';
import type { RunClock } from '@/lib/run/driver';
import type { RunTransport } from '@/lib/run/transport';
import type { TurnRequest } from '@/lib/transcript/run-types';
import { toSse } from '../../fixtures/streams/build-stream';
import { SCENARIOS } from '../../fixtures/streams/scenarios';

export const CREATE: TurnRequest = { body: { model: 'local-agent', input: 'hi' }, headers: { 'X-On-Behalf-Of': 'alice' }, kind: 'create' };

export const MESSAGE = SCENARIOS.message!;

/** The completed response object at the end of MESSAGE (what a retrieve returns). */
export const FINAL = MESSAGE.at(-1)!.response as Record<string, unknown>;

/** The message scenario as a background response (resumable). */
export const BACKGROUND: StreamEvent[] = MESSAGE.map((event) =>
  event.response ? { ...event, response: { ...(event.response as object), background: true } } : event,
);

export function record(event: Record<string, unknown>): SseRecord {
  return parseSseRecord({ event: undefined, data: JSON.stringify(event) });
}

/** The in-band error event our proxy appends when the gateway connection breaks (unnumbered). */
export const PROXY_DROP = { type: 'error', code: 'upstream_stream_failed', message: 'The gateway connection broke before the response finished (UND_ERR_SOCKET).', param: null, sequence_number: null };

/** An SSE reply; with `holdUntil` it stays open until that signal aborts, then errors as fetch bodies do. */
export function sseReply(events: readonly Record<string, unknown>[], options: { holdUntil?: AbortSignal; breakAtEnd?: boolean } = {}): Response {
  let isSent = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      options.holdUntil?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
    // Pulled: the events are read before a break (an error in start() would discard them).
    pull(controller) {
      if (!isSent) {
        isSent = true;
        controller.enqueue(new TextEncoder().encode(toSse(events)));
      } else if (options.breakAtEnd) controller.error(new TypeError('network error'));
      else if (!options.holdUntil) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A transport whose create streams `events`; the other calls answer 404 (a turn that never needs them). */
export function streamingTransport(events: readonly Record<string, unknown>[]): RunTransport {
  const notFound = async () => new Response('{}', { status: 404 });
  return { create: async () => sseReply(events), retrieve: notFound, stream: notFound, cancel: notFound };
}

export function rateLimited(retryAfter = '2'): Response {
  const body = JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });
  return new Response(body, { status: 429, headers: { 'retry-after': retryAfter, 'content-type': 'application/json' } });
}

/** A clock that only moves when slept on: sleeps resolve at once, advancing it, and record how long they were. */
export function manualClock(start = 1_000): RunClock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw signal.reason;
      slept.push(ms);
      now += Math.max(0, ms);
      await Promise.resolve();
      if (signal.aborted) throw signal.reason;
    },
  };
}

export interface Call {
  method: keyof RunTransport;
  id?: string;
  startingAfter?: number | null;
  body?: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A transport answering each request with the next scripted reply, and recording the calls. */
export function scriptedTransport(replies: Array<(signal: AbortSignal) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const next = (signal: AbortSignal) => {
    const reply = replies.shift();
    if (!reply) throw new Error('no scripted reply left');
    return Promise.resolve(reply(signal));
  };
  const transport: RunTransport = {
    create: (body, headers, signal) => (calls.push({ method: 'create', body, headers }), next(signal)),
    retrieve: (id, headers, signal) => (calls.push({ method: 'retrieve', id, headers }), next(signal)),
    stream: (id, startingAfter, headers, signal) => (calls.push({ method: 'stream', id, startingAfter, headers }), next(signal)),
    cancel: (id, headers) => (calls.push({ method: 'cancel', id, headers }), next(new AbortController().signal)),
  };
  return { transport, calls };
}
