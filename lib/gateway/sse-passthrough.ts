// Passes an upstream SSE body through chunk by chunk, observing lifecycle events and ending failures with an `error` event.
import 'server-only';
import { isLifecycleEventType, isTerminalEventType, LIFECYCLE_EVENT_TYPES } from '@/lib/schema/response';
import { createSseRecordReader } from '@/lib/sse/parse-events';

export interface SseObserver {
  /** Sees lifecycle and error events, read by the browser's rules (lib/sse); a returned promise holds back the chunk that completed the event until it settles. */
  onEvent(type: string, payload: Record<string, unknown> | null): Promise<void> | void;
  onEnd?(): void;
}

/** Sees the text the browser is sent, as it is sent, and how the stream ended (a recording: lib/recordings). Must be cheap. */
export interface StreamTap {
  onText(text: string): void;
  /** `client`: the browser left (or stopped) before the stream ended. */
  onEnd(endedBy: 'stream_end' | 'client'): void;
}

export interface PassThroughOptions {
  idleMs: number;
  abortUpstream: () => void;
  observer?: SseObserver;
  tap?: StreamTap;
  /** Called once when the stream is over for any reason (ended, failed, idle, cancelled): frees the client's stream slot without a stream layer of its own. */
  onClosed?: () => void;
  /** Called just before the first chunk is passed on (or, without one, when the stream is over). */
  onFirstChunk?: () => void;
}

/** The flat `error` event (docs/protocol.md, "Reading streams"); sequence_number is null because the gateway did not number it. */
export function formatErrorEvent(code: string, message: string): string {
  return `event: error\ndata: ${JSON.stringify({ type: 'error', code, message, param: null, sequence_number: null })}\n\n`;
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 80) : 'unknown';
}

const encoder = new TextEncoder();
/** What the passthrough reads of a stream; every other event (the deltas, most of the bytes) is passed on unparsed. */
const OBSERVED_TYPES = [...LIFECYCLE_EVENT_TYPES, 'error'];

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

  const records = createSseRecordReader((record) => {
    if (record.kind === 'done') sawTerminal = true;
    if (record.kind !== 'event') return;
    const { type } = record.event;
    if (type !== 'error' && !isLifecycleEventType(type)) return;
    if (isTerminalEventType(type)) sawTerminal = true;
    const gate = options.observer?.onEvent(type, record.event);
    if (gate) gates.push(gate);
  }, OBSERVED_TYPES);

  const { tap } = options;
  let isFirstChunk = true;
  const firstChunk = () => {
    if (!isFirstChunk) return;
    isFirstChunk = false;
    options.onFirstChunk?.();
  };
  let isClosed = false;
  const closed = () => {
    if (isClosed) return;
    isClosed = true;
    firstChunk();
    options.onClosed?.();
  };
  const end = (controller: ReadableStreamDefaultController<Uint8Array>, code?: string, message?: string) => {
    if (code && message) {
      const separator = /(\n\n|\r\r|\r\n\r\n)$/.test(tail) ? '' : '\n\n';
      const text = `${separator}${formatErrorEvent(code, message)}`;
      tap?.onText(text);
      controller.enqueue(encoder.encode(text));
    }
    controller.close();
    ended = true;
    closed();
    options.observer?.onEnd?.();
    tap?.onEnd('stream_end');
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
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
            const rest = decoder.decode();
            records.feed(rest);
            if (rest) tap?.onText(rest);
            records.end();
            await Promise.all(gates);
            if (sawTerminal) end(controller);
            else end(controller, 'stream_incomplete', 'The gateway closed the stream before a terminal event.');
            return;
          }
          const text = decoder.decode(result.value, { stream: true });
          records.feed(text);
          if (gates.length > 0) {
            const pending = gates;
            gates = [];
            await Promise.all(pending);
          }
          // Only the last characters: concatenating the whole chunk first would copy it.
          tail = text.length >= 4 ? text.slice(-4) : (tail + text).slice(-4);
          tap?.onText(text);
          if (isFirstChunk) firstChunk();
          controller.enqueue(result.value);
        } catch (error) {
          // Not a gateway failure (those end with an error event): the stream errors, and its slot is freed all the same.
          clearTimeout(idleTimer);
          closed();
          throw error;
        }
      },
      cancel() {
        clearTimeout(idleTimer);
        options.abortUpstream();
        reader.cancel().catch(() => undefined);
        closed();
        if (!ended) {
          options.observer?.onEnd?.();
          tap?.onEnd('client');
        }
        ended = true;
      },
    },
    { highWaterMark: 0 },
  );
}
