// SSE through the proxy route handlers: unbuffered passthrough, abort propagation, failure/idle error events, background recording.
import { describe, expect, it, vi } from 'vitest';
import { controlledStream, routeParams, sseEvent, streamAll } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const SERVER_KEY = 'sk-server-secret-stream-0123';
const decoder = new TextDecoder();
const { upstream, load } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: SERVER_KEY } });

const response = (sequence: number, status: string, background = false) => ({ id: 'resp_s', object: 'response', status, background, model: 'm' });
const created = (background = false) => sseEvent({ type: 'response.created', sequence_number: 0, response: response(0, background ? 'queued' : 'in_progress', background) });
const delta = (n: number, text: string) => sseEvent({ type: 'response.output_text.delta', sequence_number: n, item_id: 'msg_1', output_index: 0, content_index: 0, delta: text });
const completed = (n: number) => sseEvent({ type: 'response.completed', sequence_number: n, response: response(n, 'completed') });

function streamRequest(init: { signal?: AbortSignal; background?: boolean } = {}): Request {
  const body = JSON.stringify({ model: 'm', input: 'hi', stream: true, background: init.background ?? false });
  return new Request('http://127.0.0.1:4299/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: init.signal });
}

async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value, done } = await reader.read();
  return done ? '' : decoder.decode(value);
}

async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

function lastEvent(text: string): Record<string, unknown> {
  const records = text.trim().split(/\n\n+/);
  const data = records.at(-1)?.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data?.slice('data: '.length) ?? 'null') as Record<string, unknown>;
}

describe('SSE passthrough', () => {
  it('delivers each event to the client before the gateway sends the next, byte for byte', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(streamRequest());
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/event-stream');
    expect(reply.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(reply.headers.get('x-accel-buffering')).toBe('no');
    for (const [, value] of reply.headers) expect(value).not.toContain(SERVER_KEY);
    const reader = reply.body!.getReader();
    const order: string[] = [];
    const events = [created(), delta(1, 'Hel'), delta(2, 'lo'), completed(3)];
    for (const [index, event] of events.entries()) {
      await stream.send(event);
      order.push(`gateway sent ${index}`);
      expect(await readChunk(reader)).toBe(event);
      order.push(`client got ${index}`);
    }
    stream.end();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(order).toEqual(['gateway sent 0', 'client got 0', 'gateway sent 1', 'client got 1', 'gateway sent 2', 'client got 2', 'gateway sent 3', 'client got 3']);
  });

  it('closes the upstream connection at once when the client cancels the stream', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(streamRequest());
    const seen = await stream.opened;
    const reader = reply.body!.getReader();
    await stream.send(created());
    await readChunk(reader);
    await reader.cancel();
    await expect(seen.closedEarly).resolves.toBeUndefined();
  });

  it('closes the upstream connection when the browser request is aborted', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const browser = new AbortController();
    const reply = await routes.responses.POST(streamRequest({ signal: browser.signal }));
    const seen = await stream.opened;
    const reader = reply.body!.getReader();
    await stream.send(created());
    await readChunk(reader);
    browser.abort();
    await expect(seen.closedEarly).resolves.toBeUndefined();
  });

  it('ends with a flat error event when the gateway drops the connection mid-stream, even mid-record', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(streamRequest());
    const reader = reply.body!.getReader();
    await stream.opened;
    await stream.send(created());
    await readChunk(reader);
    await stream.send('event: response.output_text.delta\ndata: {"type":"respo');
    await readChunk(reader);
    stream.drop();
    const rest = await readRest(reader);
    expect(rest.startsWith('\n\nevent: error\n')).toBe(true);
    expect(lastEvent(rest)).toMatchObject({ type: 'error', code: 'upstream_stream_failed', param: null, sequence_number: null });
  });

  it('ends with an error event and closes the upstream when the gateway is idle past GATEWAY_STREAM_IDLE_MS', async () => {
    const routes = await load({ GATEWAY_STREAM_IDLE_MS: '150' });
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(streamRequest());
    const reader = reply.body!.getReader();
    const seen = await stream.opened;
    await stream.send(created());
    expect(await readChunk(reader)).toBe(created());
    const rest = await readRest(reader);
    expect(rest.startsWith('event: error\n')).toBe(true);
    expect(lastEvent(rest)).toMatchObject({ type: 'error', code: 'stream_idle_timeout' });
    await expect(seen.closedEarly).resolves.toBeUndefined();
  });

  it('adds an error event when the gateway closes cleanly before a terminal event', async () => {
    const routes = await load();
    upstream.respondWith(streamAll([created(), delta(1, 'x')]));
    const text = await (await routes.responses.POST(streamRequest())).text();
    expect(text.startsWith(created() + delta(1, 'x'))).toBe(true);
    expect(lastEvent(text)).toMatchObject({ type: 'error', code: 'stream_incomplete' });
  });

  it('re-streams GET ?stream=true untouched, forwarding stream and starting_after', async () => {
    const routes = await load();
    const events = [delta(4, 'a'), completed(5)];
    upstream.respondWith(streamAll(events));
    const reply = await routes.responseById.GET(new Request('http://127.0.0.1:4299/api/responses/resp_s?stream=true&starting_after=3'), routeParams('resp_s'));
    expect(await reply.text()).toBe(events.join(''));
    expect(upstream.requests[0]?.path).toBe('/api/v1/llm/responses/resp_s?stream=true&starting_after=3');
  });
});

describe('recording from streams', () => {
  it('records a background job before forwarding response.created, then lifecycle statuses', async () => {
    const routes = await load();
    const jobs = await import('@/lib/jobs/record');
    const order: string[] = [];
    let release: () => void = () => undefined;
    const recorded = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.mocked(jobs.recordBackgroundJob).mockReset().mockImplementation(async () => {
      order.push('recording started');
      await recorded;
      order.push('job recorded');
    });
    vi.mocked(jobs.recordJobStatus).mockReset().mockRejectedValue(new Error('not implemented'));
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(streamRequest({ background: true }));
    const reader = reply.body!.getReader();
    await stream.send(created(true));
    const first = readChunk(reader).then((text) => {
      order.push('client got response.created');
      return text;
    });
    await vi.waitFor(() => expect(jobs.recordBackgroundJob).toHaveBeenCalledTimes(1));
    release();
    expect(await first).toBe(created(true));
    expect(order).toEqual(['recording started', 'job recorded', 'client got response.created']);
    expect(jobs.recordBackgroundJob).toHaveBeenCalledWith({ ownerId: null, responseId: 'resp_s', model: 'm', status: 'queued', onBehalfOf: null });
    const inProgress = sseEvent({ type: 'response.in_progress', sequence_number: 1, response: response(1, 'in_progress', true) });
    await stream.send(inProgress);
    expect(await readChunk(reader)).toBe(inProgress);
    expect(jobs.recordJobStatus).toHaveBeenCalledWith('resp_s', 'in_progress', 'stream');
    stream.end();
  });
});
