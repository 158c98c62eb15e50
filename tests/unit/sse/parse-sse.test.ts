import { describe, expect, it } from 'vitest';
import { parseSseRecord, parseStreamEvents } from '@/lib/sse/parse-events';
import { parseSseStream, type SseMessage } from '@/lib/sse/parse-sse';
import { SCENARIOS } from '../../fixtures/streams/scenarios';
import { toSse } from '../../fixtures/streams/build-stream';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of chunks) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

const encoder = new TextEncoder();

describe('parseSseStream', () => {
  it('yields event name and data of each record', async () => {
    const text = 'event: response.created\ndata: {"a":1}\n\n: keep-alive comment\n\ndata: {"b":2}\n\n';
    const messages = await collect(parseSseStream(streamOf([encoder.encode(text)])));
    expect(messages).toEqual<SseMessage[]>([
      { event: 'response.created', data: '{"a":1}' },
      { event: undefined, data: '{"b":2}' },
    ]);
  });

  it('gives the same events whatever byte boundary the chunks are split at (multi-byte text included)', async () => {
    const events = SCENARIOS.message!.map((event) => ({ ...event, note: 'héllo — 世界 🌍' }));
    const bytes = encoder.encode(toSse(events).replaceAll('\n', '\r\n'));
    const whole = await collect(parseSseStream(streamOf([bytes])));
    expect(whole).toHaveLength(events.length);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const split = await collect(parseSseStream(streamOf([bytes.slice(0, cut), bytes.slice(cut)])));
      expect(split).toEqual(whole);
    }
    const byteByByte = await collect(parseSseStream(streamOf(Array.from(bytes, (byte) => Uint8Array.of(byte)))));
    expect(byteByByte).toEqual(whole);
  }, 30_000);

  it('delivers a last record that lacks its blank line', async () => {
    const messages = await collect(parseSseStream(streamOf([encoder.encode('data: {"x":1}\n\ndata: {"y":2}')])));
    expect(messages.map((message) => message.data)).toEqual(['{"x":1}', '{"y":2}']);
  });

  it('joins multi-line data with a newline', async () => {
    const messages = await collect(parseSseStream(streamOf([encoder.encode('data: {"x":\ndata: 1}\n\n')])));
    expect(messages[0]?.data).toBe('{"x":\n1}');
  });
});

describe('parseSseRecord / parseStreamEvents', () => {
  it('turns JSON data into typed events and fills a missing type from the event name', () => {
    const record = parseSseRecord({ event: 'keepalive', data: '{"sequence_number":3}' });
    expect(record).toMatchObject({ kind: 'event', event: { type: 'keepalive', sequence_number: 3 } });
  });

  it('records malformed data as a parse error instead of throwing, and keeps going', async () => {
    const text = 'event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\ndata: {not json\n\ndata: 42\n\ndata: [DONE]\n\n';
    const records = await collect(parseStreamEvents(streamOf([encoder.encode(text)])));
    expect(records.map((record) => record.kind)).toEqual(['event', 'parse-error', 'parse-error', 'done']);
    expect(records[1]).toMatchObject({ kind: 'parse-error', data: '{not json' });
    expect(records[2]).toMatchObject({ message: 'event data is not a JSON object' });
  });

  it('drops a non-numeric sequence_number rather than trusting it', () => {
    const record = parseSseRecord({ event: undefined, data: '{"type":"x","sequence_number":"7"}' });
    expect(record.kind === 'event' && record.event.sequence_number).toBe(undefined);
  });
});
