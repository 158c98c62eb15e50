// The proxy's passthrough and the browser read SSE records by one set of rules, so they agree on whether a stream finished.
import { describe, expect, it } from 'vitest';
import { passThroughSse } from '@/lib/gateway/sse-passthrough';
import { createRecordTest, createSseRecordReader, mayBeRecordOf, parseStreamEvents } from '@/lib/sse/parse-events';
import { createTranscriptState, reduceEvents } from '@/lib/transcript/reducer';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  return new ReadableStream({
    start(controller) {
      // Three-byte chunks: records, lines and multi-byte characters all cross chunk boundaries.
      for (let at = 0; at < bytes.length; at += 3) controller.enqueue(bytes.slice(at, at + 3));
      controller.close();
    },
  });
}

async function throughProxy(text: string): Promise<{ text: string; observed: string[] }> {
  const observed: string[] = [];
  const piped = passThroughSse(streamOf(text), { idleMs: 60_000, abortUpstream: () => undefined, observer: { onEvent: (type) => void observed.push(type) } });
  const reader = piped.getReader();
  let out = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) out += decoder.decode(read.value, { stream: true });
  return { text: out, observed };
}

async function inBrowser(text: string) {
  let state = createTranscriptState();
  let sawDone = false;
  for await (const record of parseStreamEvents(streamOf(text))) {
    if (record.kind === 'event') state = reduceEvents(state, record.event);
    if (record.kind === 'done') sawDone = true;
  }
  return { status: state.status, sawDone, text: JSON.stringify(state.items) };
}

const response = (status: string) => ({ id: 'resp_1', object: 'response', status, output: [] });
const json = (value: unknown) => JSON.stringify(value);
const created = json({ type: 'response.created', sequence_number: 0, response: response('in_progress') });
const delta = json({ type: 'response.output_text.delta', sequence_number: 1, output_index: 0, content_index: 0, delta: 'Hé 世界' });
const completed = json({ type: 'response.completed', sequence_number: 2, response: response('completed') });

const FINISHED_STREAMS: Record<string, string> = {
  'every record named `event: message`, the JSON type saying what it is': `event: message\ndata: ${created}\n\nevent: message\ndata: ${delta}\n\nevent: message\ndata: ${completed}\n\n`,
  'data-only records': `data: ${created}\n\ndata: ${delta}\n\ndata: ${completed}\n\n`,
  'CRLF line ends and comments': `: keep-alive\r\n\r\nevent: response.created\r\ndata: ${created}\r\n\r\n: ping\r\n\r\nevent: response.completed\r\ndata: ${completed}\r\n\r\n`,
  'JSON split over several data lines': `data: ${created}\n\ndata: {"type":"response.completed",\ndata: "sequence_number":2,"response":${json(response('completed'))}}\n\n`,
  'a last record without its blank line': `data: ${created}\n\ndata: ${completed}`,
  '[DONE] with spaces around it after the events': `data: ${created}\n\ndata: ${completed}\n\ndata:  [DONE] \n\n`,
};

describe('one SSE record reader for the proxy and the browser', () => {
  it.each(Object.entries(FINISHED_STREAMS))('%s: the proxy adds no stream_incomplete and the transcript shows completed', async (_name, text) => {
    const proxied = await throughProxy(text);
    expect(proxied.text).toBe(text);
    expect(proxied.observed).toEqual(['response.created', 'response.completed']);
    const browser = await inBrowser(proxied.text);
    expect(browser.status).toBe('completed');
  });

  it('a stream cut before its terminal event is unfinished for both: the proxy appends stream_incomplete, the transcript fails with it', async () => {
    const text = `event: message\ndata: ${created}\n\nevent: message\ndata: ${delta}\n\n`;
    const proxied = await throughProxy(text);
    expect(proxied.text.startsWith(text)).toBe(true);
    expect(proxied.text).toContain('"code":"stream_incomplete"');
    const browser = await inBrowser(proxied.text);
    expect(browser.status).toBe('failed');
  });

  it('an `event: response.completed` name over JSON of another type is not taken as the end', async () => {
    const text = `event: response.completed\ndata: ${created}\n\n`;
    const proxied = await throughProxy(text);
    expect(proxied.text).toContain('"code":"stream_incomplete"');
    expect((await inBrowser(text)).status).toBe('in_progress');
  });

  it('[DONE] alone ends a stream for both (a chat-style gateway)', async () => {
    const text = `data: ${created}\n\ndata: [DONE]\n\n`;
    const proxied = await throughProxy(text);
    expect(proxied.text).toBe(text);
    expect((await inBrowser(text)).sawDone).toBe(true);
  });

  it('a terminal type spelled with \\u escapes, or given only by the event name, still ends the stream for the proxy', async () => {
    const escaped = `data: ${created}\n\ndata: {"type":"\\u0072esponse.completed","sequence_number":2,"response":${json(response('completed'))}}\n\n`;
    const proxied = await throughProxy(escaped);
    expect(proxied.observed).toEqual(['response.created', 'response.completed']);
    expect(proxied.text).toBe(escaped);
    const named = `data: ${created}\n\nevent: response.completed\ndata: {"sequence_number":2,"response":${json(response('completed'))}}\n\n`;
    expect((await throughProxy(named)).observed).toEqual(['response.created', 'response.completed']);
  });
});

describe('reading only some types', () => {
  const types = ['response.created', 'response.completed', 'error'];

  it('skips what cannot be one of them and keeps what can', () => {
    expect(mayBeRecordOf({ event: undefined, data: delta }, types)).toBe(false);
    expect(mayBeRecordOf({ event: 'message', data: delta }, types)).toBe(false);
    expect(mayBeRecordOf({ event: undefined, data: completed }, types)).toBe(true);
    expect(mayBeRecordOf({ event: 'response.completed', data: '{}' }, types)).toBe(true);
    expect(mayBeRecordOf({ event: undefined, data: ' [DONE] ' }, types)).toBe(true);
    expect(mayBeRecordOf({ event: undefined, data: '{"type":"\\u0065rror"}' }, types)).toBe(true);
  });

  it('a reader given types delivers the records of those types and [DONE], parsed as without them, and nothing else', () => {
    const seen: string[] = [];
    const reader = createSseRecordReader((record) => seen.push(record.kind === 'event' ? record.event.type : record.kind), types);
    reader.feed(`data: ${created}\n\ndata: ${delta}\n\ndata: ${delta}\n\ndata: ${completed}\n\ndata: [DONE]\n\n`);
    reader.end();
    expect(seen).toEqual(['response.created', 'response.completed', 'done']);
  });

  it('a reader given types finds the same records whatever two pieces the text arrives in, LF or CRLF line ends', () => {
    for (const end of ['\n', '\r\n']) {
      const text = [`data: ${created}`, '', `data: ${delta}`, '', `event: response.completed`, `data: ${completed}`, '', 'data: [DONE]', '', ''].join(end);
      for (let cut = 0; cut <= text.length; cut += 1) {
        const seen: string[] = [];
        const reader = createSseRecordReader((record) => seen.push(record.kind === 'event' ? record.event.type : record.kind), types);
        reader.feed(text.slice(0, cut));
        reader.feed(text.slice(cut));
        reader.end();
        expect(seen, `cut at ${cut}`).toEqual(['response.created', 'response.completed', 'done']);
      }
    }
  });

  it('tells a stretch of deltas from one that may hold a record, as a superset of the per-message rule (so a skipped stretch had none)', () => {
    const mayHold = createRecordTest(types);
    expect(mayHold(`data: ${delta}\n\nevent: message\ndata: ${delta}\n\n`)).toBe(false);
    const messages = [
      { event: undefined, data: completed },
      { event: 'response.completed', data: '{}' },
      { event: undefined, data: ' [DONE] ' },
      { event: undefined, data: '{"type":"\\u0065rror"}' },
      { event: 'error', data: '{"message":"x"}' },
    ];
    for (const message of messages) {
      expect(mayBeRecordOf(message, types)).toBe(true);
      expect(mayHold(`data: ${delta}\n\n${message.event ? `event: ${message.event}\n` : ''}data: ${message.data}\n\n`)).toBe(true);
    }
  });
});

describe('the passthrough', () => {
  it('hands on the very chunks the gateway sent, unparsed and not re-encoded, and observes the lifecycle events among them', async () => {
    const chunks = [`data: ${created}\n\ndata: ${delta}\n\nda`, `ta: ${delta}\n\n`, `data: ${delta}\n\ndata: ${completed}\n\n`].map((text) => encoder.encode(text));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const observed: string[] = [];
    const reader = passThroughSse(source, { idleMs: 60_000, abortUpstream: () => undefined, observer: { onEvent: (type) => void observed.push(type) } }).getReader();
    const out: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
    expect(out).toHaveLength(chunks.length);
    out.forEach((chunk, index) => expect(chunk).toBe(chunks[index]));
    expect(observed).toEqual(['response.created', 'response.completed']);
  });
});

