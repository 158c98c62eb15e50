// The SSE passthrough frees its stream slot itself (once, however the stream is over) and ends a cut stream with an error event.
import { describe, expect, it, vi } from 'vitest';
import { passThroughSse, type PassThroughOptions } from '@/lib/gateway/sse-passthrough';

const created = 'event: response.created\ndata: {"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}\n\n';
const completed = 'event: response.completed\ndata: {"type":"response.completed","response":{"id":"resp_1","status":"completed"}}\n\n';

function upstream(chunks: string[], options: { fail?: boolean; hold?: boolean } = {}): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (options.fail) controller.error(Object.assign(new Error('socket hang up'), { cause: { code: 'ECONNRESET' } }));
      else if (!options.hold) controller.close();
    },
  });
}

function open(chunks: string[], options: { fail?: boolean; hold?: boolean } = {}, extra: Partial<PassThroughOptions> = {}) {
  const onClosed = vi.fn();
  const abortUpstream = vi.fn();
  const body = passThroughSse(upstream(chunks, options), { idleMs: 60_000, abortUpstream, onClosed, ...extra });
  return { body, onClosed, abortUpstream };
}

describe('passThroughSse: the stream slot', () => {
  it('is freed once when the stream is read to its end, with the bytes passed on unchanged', async () => {
    const { body, onClosed } = open([created, 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"hé"}\n\n', completed]);
    const text = await new Response(body).text();
    expect(text).toBe(`${created}event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"hé"}\n\n${completed}`);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('is freed once when the browser leaves, and the gateway call is aborted', async () => {
    const { body, onClosed, abortUpstream } = open([created], { hold: true });
    const reader = body.getReader();
    await reader.read();
    expect(onClosed).not.toHaveBeenCalled();
    await reader.cancel();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(abortUpstream).toHaveBeenCalled();
  });

  it('is freed once when the gateway connection breaks (the stream ends with an error event)', async () => {
    const { body, onClosed } = open([created], { fail: true });
    const text = await new Response(body).text();
    expect(text).toContain('"code":"upstream_stream_failed"');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('is freed once when the stream errors on our side (an observer that throws)', async () => {
    const observer = { onEvent: () => Promise.reject(new Error('observer broke')) };
    const { body, onClosed } = open([created, completed], {}, { observer });
    await expect(new Response(body).text()).rejects.toThrow('observer broke');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe('passThroughSse: a stream that ends without a terminal event', () => {
  it('gets a blank line before the error event only when its last record was not ended, also when its end arrived in small pieces', async () => {
    const whole = await new Response(open([created]).body).text();
    expect(whole).toMatch(/^event: response\.created\n.*\n\nevent: error\ndata: .*"code":"stream_incomplete"/s);
    const pieces = await new Response(open([created.slice(0, -2), '\n', '\n']).body).text();
    expect(pieces.startsWith(`${created}event: error\n`)).toBe(true);
    const cut = await new Response(open(['data: {"type":"response.created","response":{"id":"r"}}\n\ndata: {"type":"response.output_text.delta"']).body).text();
    expect(cut).toContain('"type":"response.output_text.delta"\n\nevent: error\n');
  });
});

describe('passThroughSse: the first chunk', () => {
  it('is announced once, before the browser can read it, and not again for later chunks', async () => {
    const seen: string[] = [];
    const onFirstChunk = vi.fn(() => seen.push('first chunk announced'));
    const { body } = open([created, completed], {}, { onFirstChunk });
    const reader = body.getReader();
    const first = await reader.read();
    seen.push(`read ${new TextDecoder().decode(first.value).slice(0, 23)}`);
    while (!(await reader.read()).done);
    expect(seen).toEqual(['first chunk announced', 'read event: response.created']);
    expect(onFirstChunk).toHaveBeenCalledTimes(1);
  });

  it('is announced when the stream is over without a chunk: the browser left, or the gateway broke', async () => {
    const left = vi.fn();
    const { body } = open([], { hold: true }, { onFirstChunk: left });
    const reader = body.getReader();
    void reader.read().catch(() => undefined);
    expect(left).not.toHaveBeenCalled();
    await reader.cancel();
    expect(left).toHaveBeenCalledTimes(1);
    const broke = vi.fn();
    await new Response(open([], { fail: true }, { onFirstChunk: broke }).body).text();
    expect(broke).toHaveBeenCalledTimes(1);
  });
});
