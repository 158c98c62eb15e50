// Passes an upstream SSE body through chunk by chunk, observing lifecycle events and ending failures with an `error` event.
import 'server-only';
import { createParser } from 'eventsource-parser';

const OBSERVED_TYPES = new Set(['response.created', 'response.queued', 'response.in_progress', 'response.completed', 'response.failed', 'response.incomplete', 'error']);
const TERMINAL_TYPES = new Set(['response.completed', 'response.failed', 'response.incomplete', 'error']);

export interface SseObserver {
  /** Sees lifecycle and error events; a returned promise holds back the chunk that completed the event until it settles. */
  onEvent(type: string, payload: Record<string, unknown> | null): Promise<void> | void;
  onEnd?(): void;
}

export interface PassThroughOptions {
  idleMs: number;
  abortUpstream: () => void;
  observer?: SseObserver;
}

/** The flat `error` event of the protocol (§1.5); sequence_number is null because the gateway did not number it. */
export function formatErrorEvent(code: string, message: string): string {
  return `event: error\ndata: ${JSON.stringify({ type: 'error', code, message, param: null, sequence_number: null })}\n\n`;
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 80) : 'unknown';
}

const encoder = new TextEncoder();

export function passThroughSse(body: ReadableStream<Uint8Array>, options: PassThroughOptions): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let gates: Array<Promise<void>> = [];
  let sawTerminal = false;
  let tail = '\n\n';
  let ended = false;
  // One idle timer for the whole stream, re-armed at each read (a timer per chunk is costly on this hot path).
  // It only counts while we wait on the gateway: a slow browser is not the gateway being idle.
  let isWaiting = false;
  let isIdle = false;
  const idleTimer = setTimeout(() => {
    if (!isWaiting) return;
    isIdle = true;
    reader.cancel().catch(() => undefined);
  }, options.idleMs);

  const parser = createParser({
    onEvent(message) {
      if (message.data === '[DONE]') {
        sawTerminal = true;
        return;
      }
      if (message.event && !OBSERVED_TYPES.has(message.event)) return;
      let payload: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(message.data);
        if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
      } catch {
        payload = null;
      }
      const type = message.event ?? (typeof payload?.type === 'string' ? payload.type : null);
      if (!type || !OBSERVED_TYPES.has(type)) return;
      if (TERMINAL_TYPES.has(type)) sawTerminal = true;
      const gate = options.observer?.onEvent(type, payload);
      if (gate) gates.push(gate);
    },
  });

  const end = (controller: ReadableStreamDefaultController<Uint8Array>, code?: string, message?: string) => {
    if (code && message) {
      const separator = /(\n\n|\r\r|\r\n\r\n)$/.test(tail) ? '' : '\n\n';
      controller.enqueue(encoder.encode(`${separator}${formatErrorEvent(code, message)}`));
    }
    controller.close();
    ended = true;
    options.observer?.onEnd?.();
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        isWaiting = true;
        idleTimer.refresh();
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          clearTimeout(idleTimer);
          end(controller, 'upstream_stream_failed', `The gateway connection broke before the response finished (${describeFailure(error)}).`);
          return;
        } finally {
          isWaiting = false;
        }
        if (isIdle) {
          options.abortUpstream();
          end(controller, 'stream_idle_timeout', `The gateway sent nothing for ${options.idleMs} ms (GATEWAY_STREAM_IDLE_MS); the stream was closed.`);
          return;
        }
        if (result.done) {
          clearTimeout(idleTimer);
          if (sawTerminal) end(controller);
          else end(controller, 'stream_incomplete', 'The gateway closed the stream before a terminal event.');
          return;
        }
        const text = decoder.decode(result.value, { stream: true });
        parser.feed(text);
        if (gates.length > 0) {
          const pending = gates;
          gates = [];
          await Promise.all(pending);
        }
        tail = (tail + text).slice(-4);
        controller.enqueue(result.value);
      },
      cancel() {
        clearTimeout(idleTimer);
        options.abortUpstream();
        reader.cancel().catch(() => undefined);
        if (!ended) options.observer?.onEnd?.();
        ended = true;
      },
    },
    { highWaterMark: 0 },
  );
}
