// The one reader of SSE records, for the proxy's passthrough and the browser alike: JSON payloads become stream events.
import type { StreamEvent } from '@/lib/schema/response';
import { createSseFramer, parseSseBatches, parseSseStream, type SseMessage } from './parse-sse';

export type { StreamEvent };

export type SseRecord =
  | { kind: 'event'; sseEvent: string | undefined; data: string; event: StreamEvent }
  | { kind: 'parse-error'; sseEvent: string | undefined; data: string; message: string }
  | { kind: 'done'; sseEvent: string | undefined; data: string };

/**
 * Turns one SSE message into a record; never throws. The JSON `type` is authoritative (`event: message` with
 * `type: response.completed` is a completed event); the `event:` name only fills a missing `type`. `[DONE]`, spaces
 * around it allowed, is the end-of-stream sentinel some gateways add. See docs/protocol.md, "Reading streams".
 */
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
  const sequence = object.sequence_number;
  // The parsed object is the event when it already reads right (the usual case: no copy per delta of a long stream).
  if (typeof object.type === 'string' && (sequence === undefined || typeof sequence === 'number')) return { kind: 'event', sseEvent, data, event: object as StreamEvent };
  const event: StreamEvent = { ...object, type: typeof object.type === 'string' ? object.type : (sseEvent ?? 'message') };
  if (sequence !== undefined && typeof sequence !== 'number') delete event.sequence_number;
  return { kind: 'event', sseEvent, data, event };
}

/**
 * Whether a message can be a record of one of `types` by the rules above (its JSON `type`, or its `event:` name when the
 * JSON has none) or the `[DONE]` sentinel. False only when it surely is not: its data names none of them and holds no
 * `\u` escape that could spell one. A reader that wants a few types skips parsing the rest (most of a stream is deltas).
 */
export function mayBeRecordOf(message: SseMessage, types: readonly string[]): boolean {
  const { event, data } = message;
  if ((event !== undefined && types.includes(event)) || data.includes('\\u') || data.includes('[DONE]')) return true;
  return types.some((type) => data.includes(type));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a stretch of SSE text (whole messages, their `event:` lines included) may hold a record of one of `types` by
 * mayBeRecordOf's rules: one test over the whole stretch names every message that could, and a stretch without any is
 * skipped unframed. The test is a superset of mayBeRecordOf's, so nothing it would keep is skipped.
 */
export function createRecordTest(types: readonly string[]): (text: string) => boolean {
  const pattern = new RegExp([...types, '[DONE]', '\\u'].map(escapeRegExp).join('|'));
  return (text) => pattern.test(text);
}

/**
 * Push-based record reader: feed decoded text chunk by chunk, call end() when the stream ends. With `types`, only
 * messages that may be of those types (and `[DONE]`) become records; the others are skipped unparsed, and the text is
 * framed lazily: the whole messages of a chunk (up to its last blank line) are framed only when the stretch may hold
 * one of the types (most of a stream is deltas, skipped here without being split into messages). A stream with CR line
 * ends is framed whole from its first CR on (where a blank line ends is only sure while reading line by line).
 */
export function createSseRecordReader(onRecord: (record: SseRecord) => void, types?: readonly string[]) {
  const framer = createSseFramer((message) => {
    if (!types || mayBeRecordOf(message, types)) onRecord(parseSseRecord(message));
  });
  if (!types) return framer;
  const mayHoldRecord = createRecordTest(types);
  // Text after the last blank line seen, not framed yet: the framer has framed everything before it.
  let carry = '';
  let isFramingAll = false;
  return {
    feed(text: string) {
      if (isFramingAll) return framer.feed(text);
      const pending = carry + text;
      if (text.includes('\r')) {
        isFramingAll = true;
        carry = '';
        return framer.feed(pending);
      }
      const end = pending.lastIndexOf('\n\n');
      if (end === -1) {
        carry = pending;
        return;
      }
      carry = pending.slice(end + 2);
      const whole = pending.slice(0, end + 2);
      if (mayHoldRecord(whole)) framer.feed(whole);
    },
    end() {
      if (!isFramingAll) framer.feed(carry);
      carry = '';
      framer.end();
    },
  };
}

export async function* parseStreamEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseRecord> {
  for await (const message of parseSseStream(stream)) yield parseSseRecord(message);
}

/** The records of `stream`, one array per read (see parseSseBatches): for a reader that applies a read's records at once. */
export async function* parseStreamRecordBatches(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseRecord[]> {
  for await (const messages of parseSseBatches(stream)) yield messages.map(parseSseRecord);
}
