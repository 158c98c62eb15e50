// Typed layer over SSE messages: JSON payloads become stream events; bad lines become parse-error records.
import { parseSseStream, type SseMessage } from './parse-sse';

/** A Responses stream event as received: `type` is always set, everything else is read defensively. */
export type StreamEvent = { type: string; sequence_number?: number } & Record<string, unknown>;

export type SseRecord =
  | { kind: 'event'; sseEvent: string | undefined; data: string; event: StreamEvent }
  | { kind: 'parse-error'; sseEvent: string | undefined; data: string; message: string }
  | { kind: 'done'; sseEvent: string | undefined; data: string };

/** Turns one SSE message into a record; never throws. The `event:` name fills a missing JSON `type`. */
export function parseSseRecord(message: SseMessage): SseRecord {
  const { event: sseEvent, data } = message;
  if (data.trim() === '[DONE]') return { kind: 'done', sseEvent, data };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    return { kind: 'parse-error', sseEvent, data, message: error instanceof Error ? error.message : 'invalid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { kind: 'parse-error', sseEvent, data, message: 'event data is not a JSON object' };
  }
  const object = parsed as Record<string, unknown>;
  const type = typeof object.type === 'string' ? object.type : (sseEvent ?? 'message');
  const sequence = object.sequence_number;
  const event: StreamEvent = { ...object, type };
  if (sequence !== undefined && typeof sequence !== 'number') delete event.sequence_number;
  return { kind: 'event', sseEvent, data, event };
}

export async function* parseStreamEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseRecord> {
  for await (const message of parseSseStream(stream)) yield parseSseRecord(message);
}
