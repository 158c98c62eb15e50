// Gateway faults through the proxy route handlers with real recording into PGlite: a clear error, nothing stored is lost, and the next request is served.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSeenResponse } from '@/lib/chains/index-store';
import { searchHistory } from '@/lib/history/store';
import { getJob } from '@/lib/jobs/store';
import { closeAppDatabase } from '../support/app-database';
import { makePgliteDir } from '../support/databases';
import { controlledStream, hang, json, loadProxyRoutes, routeParams, sseEvent, streamAll } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

const SERVER_KEY = 'sk-faults-server-key-5521';

beforeAll(async () => {
  process.env.PGLITE_DIR = makePgliteDir();
  // Opened up front: the first open runs the migrations, which on a loaded machine can outlast the proxy's 2 s wait for a job row.
  await db();
});
// After the writes the last runs queued (a CI run once saw them fail into the closed database after the file's end).
afterAll(closeAppDatabase);
const { upstream, load } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: SERVER_KEY, GATEWAY_TIMEOUT_MS: '300' } });

async function db() {
  const { getDb } = await import('@/lib/db');
  return getDb();
}

const response = (id: string, status: string, background = true) => ({ id, object: 'response', status, background, model: 'm' });

function create(body: Record<string, unknown>, signal?: AbortSignal): Request {
  return new Request('http://127.0.0.1:4799/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal });
}

async function errorOf(reply: Response): Promise<{ message: string; type: string; param: string | null; code: string | null }> {
  const text = await reply.text();
  expect(text).not.toContain(SERVER_KEY);
  return (JSON.parse(text) as { error: { message: string; type: string; param: string | null; code: string | null } }).error;
}

/** A gateway we can stop and start again on the same port. */
function flakyGateway(handler: http.RequestListener) {
  const server = http.createServer(handler);
  let port = 0;
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('gateway down, then back', () => {
  it('answers 502 naming the host while it is down, keeps the job recorded before, and serves again once it is back', async () => {
    let status = 'queued';
    const gateway = flakyGateway((_request, reply) => {
      reply.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(response('resp_flaky', status)));
    });
    await gateway.start();
    const routes = await loadProxyRoutes({ GATEWAY_BASE_URL: gateway.url, GATEWAY_API_KEY: SERVER_KEY }, () => vi.resetModules());
    expect((await routes.responses.POST(create({ model: 'm', input: 'before the outage', background: true }))).status).toBe(200);
    expect(await getJob(await db(), 'resp_flaky')).toMatchObject({ status: 'queued' });

    await gateway.stop();
    const down = await routes.responses.POST(create({ model: 'm', input: 'during the outage', background: true }));
    expect(down.status).toBe(502);
    const error = await errorOf(down);
    expect(error).toMatchObject({ code: 'gateway_unreachable', type: 'server_error', param: null });
    expect(error.message).toContain(new URL(gateway.url).host);
    const polledWhileDown = await routes.responseById.GET(new Request('http://127.0.0.1:4799/api/responses/resp_flaky'), routeParams('resp_flaky'));
    expect(polledWhileDown.status).toBe(502);
    expect(await getJob(await db(), 'resp_flaky')).toMatchObject({ status: 'queued' });
    // The history is written beside the replies (on PGlite gathered for a few milliseconds), not before them.
    await vi.waitFor(async () => expect((await searchHistory(await db(), 'outage')).map((entry) => entry.responseId)).toEqual([null, 'resp_flaky']));

    status = 'completed';
    await gateway.start();
    const polled = await routes.responseById.GET(new Request('http://127.0.0.1:4799/api/responses/resp_flaky'), routeParams('resp_flaky'));
    expect(polled.status).toBe(200);
    expect(await polled.json()).toMatchObject({ id: 'resp_flaky', status: 'completed' });
    await vi.waitFor(async () => expect(await getJob(await db(), 'resp_flaky')).toMatchObject({ status: 'completed' }));
    await gateway.stop();
  });
});

describe('gateway that never answers', () => {
  it('answers 504 after GATEWAY_TIMEOUT_MS, closes the hung connection, keeps the request in the history and serves the next one', async () => {
    const routes = await load();
    upstream.respondWith(hang());
    const reply = await routes.responses.POST(create({ model: 'm', input: 'timed out request' }));
    expect(reply.status).toBe(504);
    const error = await errorOf(reply);
    expect(error.code).toBe('gateway_timeout');
    expect(error.message).toContain(upstream.host);
    expect(error.message).toContain('300 ms (GATEWAY_TIMEOUT_MS)');
    await expect(upstream.requests[0]!.closedEarly).resolves.toBeUndefined();
    await vi.waitFor(async () => expect((await searchHistory(await db(), 'timed out request')).map((entry) => entry.status)).toEqual([null]));

    upstream.respondWith(json(200, response('resp_after_hang', 'completed', false)));
    const next = await routes.responses.POST(create({ model: 'm', input: 'after the hang' }));
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ id: 'resp_after_hang' });
  });
});

describe('browser gone before the gateway answered', () => {
  it('closes the upstream connection, answers 499 with the envelope, and serves the next request', async () => {
    const routes = await load({ GATEWAY_TIMEOUT_MS: '30000' });
    upstream.respondWith(hang());
    const browser = new AbortController();
    const pending = routes.responses.POST(create({ model: 'm', input: 'abandoned' }, browser.signal));
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
    browser.abort();
    const reply = await pending;
    expect(reply.status).toBe(499);
    expect(await errorOf(reply)).toMatchObject({ code: 'client_closed_request', message: expect.stringContaining('browser closed') });
    await expect(upstream.requests[0]!.closedEarly).resolves.toBeUndefined();
    upstream.respondWith(json(200, response('resp_after_abort', 'completed', false)));
    expect((await routes.responses.POST(create({ model: 'm', input: 'next' }))).status).toBe(200);
  });
});

describe('gateway dropping a background stream', () => {
  it('ends with an error event after the events that arrived; the job, chain entry and history recorded before are kept', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(create({ model: 'm', input: 'dropped stream', stream: true, background: true }));
    await stream.opened;
    const created = sseEvent({ type: 'response.created', sequence_number: 0, response: response('resp_drop', 'queued') });
    const progress = sseEvent({ type: 'response.in_progress', sequence_number: 1, response: response('resp_drop', 'in_progress') });
    const delta = sseEvent({ type: 'response.output_text.delta', sequence_number: 2, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hel' });
    for (const event of [created, progress, delta]) await stream.send(event);
    stream.drop();
    const text = await reply.text();
    expect(text.startsWith(created + progress + delta)).toBe(true);
    const last = text.slice((created + progress + delta).length);
    expect(last.startsWith('event: error\n')).toBe(true);
    expect(JSON.parse(last.split('data: ')[1]!)).toMatchObject({ type: 'error', code: 'upstream_stream_failed', message: expect.stringContaining('broke') });

    await vi.waitFor(async () => expect(await getJob(await db(), 'resp_drop')).toMatchObject({ status: 'in_progress' }));
    await vi.waitFor(async () => expect(await getSeenResponse(await db(), 'resp_drop')).not.toBeNull());
    await vi.waitFor(async () => expect((await searchHistory(await db(), 'dropped stream')).map((entry) => entry.responseId)).toEqual(['resp_drop']));

    upstream.respondWith(json(200, response('resp_drop', 'completed')));
    const polled = await routes.responseById.GET(new Request('http://127.0.0.1:4799/api/responses/resp_drop'), routeParams('resp_drop'));
    expect(await polled.json()).toMatchObject({ status: 'completed' });
    await vi.waitFor(async () => expect(await getJob(await db(), 'resp_drop')).toMatchObject({ status: 'completed' }));
  });
});

describe('malformed replies', () => {
  const completed = sseEvent({ type: 'response.completed', sequence_number: 3, response: response('resp_sse', 'completed', false) });
  const broken = ['event: response.created\ndata: {"type":"response.created","respo\n\n', 'data: [not json\n\n', ': a comment\n\n', 'event: response.output_text.delta\ndata: {}\n\n'];

  it('passes malformed SSE records through byte for byte, adding nothing when a terminal event follows', async () => {
    const routes = await load();
    upstream.respondWith(streamAll([...broken, completed]));
    const reply = await routes.responses.POST(create({ model: 'm', input: 'malformed sse', stream: true }));
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe([...broken, completed].join(''));
  });

  it('ends malformed SSE without a terminal event with a stream_incomplete error event', async () => {
    const routes = await load();
    upstream.respondWith(streamAll(broken));
    const text = await (await routes.responses.POST(create({ model: 'm', input: 'x', stream: true }))).text();
    expect(text.startsWith(broken.join(''))).toBe(true);
    expect(text.slice(broken.join('').length)).toMatch(/^event: error\ndata: \{"type":"error","code":"stream_incomplete"/);
  });

  it('answers 502 bad_gateway_reply naming the host when a JSON success is not JSON, and keeps the request in the history', async () => {
    const routes = await load();
    upstream.respondWith(json(200, '{"id":"resp_half","status":'));
    const reply = await routes.responses.POST(create({ model: 'm', input: 'half a reply' }));
    expect(reply.status).toBe(502);
    const error = await errorOf(reply);
    expect(error).toMatchObject({ code: 'bad_gateway_reply', type: 'server_error' });
    expect(error.message).toContain(`The gateway at ${upstream.host} answered 200 with a body that is not JSON`);
    await vi.waitFor(async () => expect(await searchHistory(await db(), 'half a reply')).toHaveLength(1));

    upstream.respondWith((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Sign in to the Wi-Fi</body></html>');
    });
    const portal = await routes.responses.POST(create({ model: 'm', input: 'x' }));
    expect(portal.status).toBe(502);
    expect((await errorOf(portal)).message).toContain('not JSON (text/html)');
  });

  it('wraps an HTML or empty 5xx from the gateway in the envelope with its status and host', async () => {
    const routes = await load();
    upstream.respondWith((_request, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html><body><h1>503 Service Unavailable</h1></body></html>');
    });
    const html = await routes.responses.POST(create({ model: 'm', input: 'x' }));
    expect(html.status).toBe(503);
    expect(await errorOf(html)).toEqual({
      message: `The gateway at ${upstream.host} answered 503: 503 Service Unavailable.`,
      type: 'server_error',
      param: null,
      code: 'upstream_error',
      details: '<html><body><h1>503 Service Unavailable</h1></body></html>',
    });
    upstream.respondWith((_request, res) => {
      res.writeHead(500).end();
    });
    const empty = await routes.responses.POST(create({ model: 'm', input: 'x' }));
    expect(empty.status).toBe(500);
    expect((await errorOf(empty)).message).toBe(`The gateway at ${upstream.host} answered 500 with an empty body.`);
    upstream.respondWith(json(200, response('resp_fine', 'completed', false)));
    expect((await routes.responses.POST(create({ model: 'm', input: 'x' }))).status).toBe(200);
  });
});
