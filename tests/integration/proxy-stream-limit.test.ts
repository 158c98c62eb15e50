// At most PROXY_MAX_CONCURRENT_STREAMS streams open through the proxy per client: 429 with Retry-After and the envelope beyond, a slot freed when a stream ends.
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { json, routeParams, sseEvent, type FakeHandler } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const open: ServerResponse[] = [];
const completed = sseEvent({ type: 'response.completed', sequence_number: 1, response: { id: 'resp_1', status: 'completed' } });

/** Streams stay open until the test ends them; a request without stream gets JSON. */
const holdStreams = (): FakeHandler => (request, response) => {
  if (!request.body.includes('"stream":true') && !request.path.includes('stream=true')) return json(200, { id: 'resp_1', object: 'response', status: 'completed' })(request, response);
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  response.write(sseEvent({ type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress' } }));
  open.push(response);
};
const { upstream, load: loadWith } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: 'sk-server-0123456789' }, reply: holdStreams });

// A distinct cap per test: the limiter is process-wide (shared by every route bundle), one per setting value.
const load = (max: number, extra: Record<string, string> = {}) => loadWith({ PROXY_MAX_CONCURRENT_STREAMS: String(max), ...extra });

const create = (stream: boolean, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1:4299/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ model: 'm', input: 'hi', stream }) });

describe('concurrent streams per client', () => {
  it('refuses a stream past the cap with 429, Retry-After and the envelope, without calling the gateway; an ended stream frees its slot', async () => {
    const routes = await load(2);
    const first = await routes.responses.POST(create(true));
    const second = await routes.responseById.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1?stream=true'), routeParams('resp_1'));
    expect([first.status, second.status]).toEqual([200, 200]);
    const calls = upstream.requests.length;

    const refused = await routes.responses.POST(create(true));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: { message: expect.stringContaining('PROXY_MAX_CONCURRENT_STREAMS'), type: 'rate_limit_error', param: null, code: 'too_many_streams' } });
    expect(upstream.requests.length).toBe(calls);
    // Requests that do not stream are not counted.
    expect((await routes.responses.POST(create(false))).status).toBe(200);

    const text = first.text();
    open.shift()?.end(completed);
    expect(await text).toContain('response.completed');
    const third = await routes.responses.POST(create(true));
    expect(third.status).toBe(200);

    await second.body?.cancel();
    const fourth = await routes.responses.POST(create(true));
    expect(fourth.status).toBe(200);
    for (const response of open.splice(0)) response.end(completed);
    await Promise.all([third.text(), fourth.text()]);
  });

  it('counts each client apart only behind a trusted proxy (TRUST_PROXY=true, last X-Forwarded-For entry)', async () => {
    let routes = await load(1);
    const from = (ip: string) => create(true, { 'X-Forwarded-For': ip });
    const held = await routes.responses.POST(from('203.0.113.1'));
    expect(held.status).toBe(200);
    expect((await routes.responses.POST(from('203.0.113.2'))).status).toBe(429);
    for (const response of open.splice(0)) response.end(completed);
    await held.text();

    routes = await load(1, { TRUST_PROXY: 'true' });
    const a = await routes.responses.POST(from('203.0.113.1'));
    const b = await routes.responses.POST(from('203.0.113.2'));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await routes.responses.POST(from('198.51.100.7, 203.0.113.1'))).status).toBe(429);
    for (const response of open.splice(0)) response.end(completed);
    await Promise.all([a.text(), b.text()]);
  });
});
