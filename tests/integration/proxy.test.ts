// The proxy route handlers in-process against a recording fake gateway: auth headers, bodies, errors, limits, recording.
import { describe, expect, it, vi } from 'vitest';
import { hang, json, routeParams } from '../support/fake-upstream';
import { findFreePort } from '../support/ports';
import { setUpFakeUpstream } from '../support/proxy-harness';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const SERVER_KEY = 'sk-server-secret-0123456789';
const { upstream, load } = setUpFakeUpstream({
  settings: { GATEWAY_API_KEY: SERVER_KEY },
  reply: () => json(200, { id: 'resp_1', object: 'response', status: 'completed', model: 'm' }),
});

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1:4299/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

async function expectNoKey(response: Response) {
  const text = await response.text();
  expect(text).not.toContain(SERVER_KEY);
  for (const [, value] of response.headers) expect(value).not.toContain(SERVER_KEY);
  return text;
}

describe('the upstream call', () => {
  it('goes over node:http, never through fetch (nor the wrapper Next.js patches over it for its data cache)', async () => {
    const original = globalThis.fetch;
    const patched = vi.fn(original);
    const unpatched = vi.fn(original);
    vi.stubGlobal('fetch', Object.assign(patched, { _nextOriginalFetch: unpatched }));
    try {
      const routes = await load();
      const sent = upstream.requests.length;
      const response = await routes.responses.POST(post('{"model":"m","input":"hi"}'));
      expect(response.status).toBe(200);
      expect(upstream.requests.length).toBe(sent + 1);
      expect(patched).not.toHaveBeenCalled();
      expect(unpatched).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('headers sent upstream', () => {
  it('sends the server key as bearer and forwards X-On-Behalf-Of exactly', async () => {
    const routes = await load();
    const response = await routes.responses.POST(post('{"model":"m","input":"hi"}', { 'X-On-Behalf-Of': 'user-42@example' }));
    expect(response.status).toBe(200);
    const [seen] = upstream.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe('/api/v1/llm/responses');
    expect(seen?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(seen?.headers['x-on-behalf-of']).toBe('user-42@example');
  });

  it('refuses a repeated X-On-Behalf-Of (it arrives joined as "alice, bob") with 400 naming the header, without calling the gateway', async () => {
    const routes = await load();
    const headers = new Headers({ 'Content-Type': 'application/json' });
    headers.append('X-On-Behalf-Of', 'alice');
    headers.append('X-On-Behalf-Of', 'bob');
    const response = await routes.responses.POST(new Request('http://127.0.0.1:4299/api/responses', { method: 'POST', headers, body: '{"model":"m"}' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param: 'X-On-Behalf-Of', code: 'repeated_header', message: expect.stringContaining('X-On-Behalf-Of') } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('sends no X-On-Behalf-Of when the browser sent none', async () => {
    const routes = await load();
    await routes.responses.POST(post('{"model":"m"}'));
    expect(upstream.requests[0]?.headers).not.toHaveProperty('x-on-behalf-of');
  });

  it('refuses an invalid X-On-Behalf-Of with 400 naming the header, without calling the gateway', async () => {
    const routes = await load();
    const response = await routes.responses.POST(post('{"model":"m"}', { 'X-On-Behalf-Of': 'x'.repeat(300) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { param: string; message: string } };
    expect(body.error.param).toBe('X-On-Behalf-Of');
    expect(body.error.message).toContain('X-On-Behalf-Of');
    expect(upstream.requests).toHaveLength(0);
  });

  it('uses a browser key only when ALLOW_BROWSER_KEYS is on', async () => {
    let routes = await load({ ALLOW_BROWSER_KEYS: 'true' });
    await routes.responses.POST(post('{"model":"m"}', { 'X-Gateway-Api-Key': 'sk-browser-own' }));
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-browser-own');
    routes = await load({ ALLOW_BROWSER_KEYS: 'false' });
    await routes.responses.POST(post('{"model":"m"}', { 'X-Gateway-Api-Key': 'sk-browser-own' }));
    expect(upstream.requests[1]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });
});

describe('request bodies', () => {
  it('forwards the original body text, unknown top-level fields included', async () => {
    const routes = await load();
    const text = '{ "model": "m",  "x_gateway_extra": {"keep": [1, 2]}, "input": "hi" }';
    await routes.responses.POST(post(text));
    expect(upstream.requests[0]?.body).toBe(text);
  });

  it('answers 400 for bad JSON and 400 with param for a schema failure', async () => {
    const routes = await load();
    const bad = await routes.responses.POST(post('{"model":'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    const invalid = await routes.responses.POST(post('{"model":"m","temperature":5}'));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { param: string } }).error.param).toBe('temperature');
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 413 above PROXY_BODY_LIMIT_BYTES, by Content-Length and by counting a streamed body', async () => {
    const routes = await load({ PROXY_BODY_LIMIT_BYTES: '64' });
    const big = `{"model":"m","input":"${'a'.repeat(100)}"}`;
    expect((await routes.responses.POST(post(big))).status).toBe(413);
    const chunked = new Request('http://127.0.0.1:4299/api/responses', {
      method: 'POST',
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.headers.get('content-length')).toBeNull();
    const response = await routes.responses.POST(chunked);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  it('passes a gateway 4xx body through verbatim with its status and Retry-After', async () => {
    const routes = await load();
    const body = '{"error":{"message":"Response with id \'resp_x\' not found.","type":"invalid_request_error","param":null,"code":"not_found"},"extra":1}';
    upstream.respondWith(json(404, body));
    const notFound = await routes.responseById.GET(new Request('http://127.0.0.1:4299/api/responses/resp_x'), routeParams('resp_x'));
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe(body);
    upstream.respondWith(json(429, { error: { message: 'slow down', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } }, { 'Retry-After': '7' }));
    const limited = await routes.responses.POST(post('{"model":"m"}'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it('scrubs the server key when the gateway echoes it, on success and on error', async () => {
    const routes = await load();
    upstream.respondWith(json(401, { error: { message: `Invalid key ${SERVER_KEY}`, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }));
    const rejected = await routes.responses.POST(post('{"model":"m"}'));
    expect(rejected.status).toBe(401);
    expect(await expectNoKey(rejected)).toContain('Invalid key [redacted]');
    upstream.respondWith(json(200, { id: 'resp_2', status: 'completed', metadata: { echoed: SERVER_KEY } }));
    await expectNoKey(await routes.responses.POST(post('{"model":"m"}')));
    // A body that is not an envelope is quoted in our message: the quote is scrubbed too.
    upstream.respondWith((_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end(`<h1>Bad gateway</h1><p>upstream refused ${SERVER_KEY}</p>`);
    });
    const wrapped = await routes.responses.POST(post('{"model":"m"}'));
    expect(wrapped.status).toBe(502);
    expect(JSON.parse(await expectNoKey(wrapped))).toMatchObject({ error: { code: 'upstream_error', message: expect.stringContaining('upstream refused [redacted]') } });
  });

  it('maps an unreachable gateway to 502 naming its host', async () => {
    const port = await findFreePort(); // nothing listens there
    const routes = await load({ GATEWAY_BASE_URL: `http://127.0.0.1:${port}` });
    const response = await routes.responses.POST(post('{"model":"m"}'));
    expect(response.status).toBe(502);
    const text = await expectNoKey(response);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'gateway_unreachable', type: 'server_error', param: null } });
    expect(text).toContain(`127.0.0.1:${port}`);
  });

  it('maps no response headers within GATEWAY_TIMEOUT_MS to 504', async () => {
    const routes = await load({ GATEWAY_TIMEOUT_MS: '150' });
    upstream.respondWith(hang());
    const response = await routes.responses.POST(post('{"model":"m"}'));
    expect(response.status).toBe(504);
    const text = await expectNoKey(response);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'gateway_timeout' } });
    expect(text).toContain(upstream.host);
  });

  it('answers 429 with Retry-After past PROXY_RATE_LIMIT_PER_MINUTE; X-Forwarded-For cannot open a fresh bucket unless TRUST_PROXY=true', async () => {
    let routes = await load({ PROXY_RATE_LIMIT_PER_MINUTE: '2' });
    const spoofed = (ip: string) => post('{"model":"m"}', { 'X-Forwarded-For': ip });
    expect((await routes.responses.POST(spoofed('203.0.113.1'))).status).toBe(200);
    expect((await routes.responses.POST(spoofed('203.0.113.2'))).status).toBe(200);
    const limited = await routes.responses.POST(spoofed('203.0.113.3'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');

    // Behind a trusted proxy the client is the address that proxy appended (the last entry), not what the client wrote first.
    routes = await load({ PROXY_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    const from = (ip: string, claimed = '198.51.100.1') => post('{"model":"m"}', { 'X-Forwarded-For': `${claimed}, ${ip}` });
    expect((await routes.responses.POST(from('203.0.113.5', 'a'))).status).toBe(200);
    expect((await routes.responses.POST(from('203.0.113.5', 'b'))).status).toBe(200);
    expect((await routes.responses.POST(from('203.0.113.5', 'c'))).status).toBe(429);
    expect((await routes.responses.POST(from('203.0.113.6'))).status).toBe(200);
  });

  it('counts /api/responses and /api/responses/{id} against one budget, although Next.js gives each route its own module copies', async () => {
    const createRoute = (await load({ PROXY_RATE_LIMIT_PER_MINUTE: '2' })).responses;
    vi.resetModules(); // what a second route bundle is: the same modules, loaded again
    const retrieveRoute = await import('@/app/api/responses/[id]/route');
    expect((await createRoute.POST(post('{"model":"m","input":"hi"}'))).status).toBe(200);
    expect((await retrieveRoute.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1'), routeParams('resp_1'))).status).toBe(200);
    const limited = await createRoute.POST(post('{"model":"m","input":"hi"}'));
    expect(limited.status).toBe(429);
    expect((await retrieveRoute.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1'), routeParams('resp_1'))).status).toBe(429);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('other operations', () => {
  it('forwards retrieve and input_items query parameters, delete and cancel methods', async () => {
    const routes = await load();
    await routes.responseById.GET(
      new Request('http://127.0.0.1:4299/api/responses/resp_1?include[]=a&include[]=b&include_obfuscation=false&junk=1&starting_after=3'),
      routeParams('resp_1'),
    );
    await routes.inputItems.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1/input_items?limit=5&order=asc&after=msg_1'), routeParams('resp_1'));
    await routes.responseById.DELETE(new Request('http://127.0.0.1:4299/api/responses/resp_1', { method: 'DELETE' }), routeParams('resp_1'));
    await routes.cancel.POST(new Request('http://127.0.0.1:4299/api/responses/resp_1/cancel', { method: 'POST' }), routeParams('resp_1'));
    expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/llm/responses/resp_1?include%5B%5D=a&include%5B%5D=b&include_obfuscation=false&starting_after=3',
      'GET /api/v1/llm/responses/resp_1/input_items?limit=5&order=asc&after=msg_1',
      'DELETE /api/v1/llm/responses/resp_1',
      'POST /api/v1/llm/responses/resp_1/cancel',
    ]);
    const bad = await routes.responseById.GET(new Request('http://127.0.0.1:4299/api/responses/..'), routeParams('..'));
    expect(bad.status).toBe(400);
  });

  it('sends every operation under GATEWAY_API_PATH (/v1 for an OpenAI-compatible server, / for the root)', async () => {
    for (const [path, prefix] of [['/v1', '/v1'], ['/', '']] as const) {
      upstream.requests.length = 0;
      const routes = await load({ GATEWAY_API_PATH: path });
      await routes.responses.POST(post('{"model":"m","input":"hi"}'));
      await routes.responseById.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1'), routeParams('resp_1'));
      await routes.inputItems.GET(new Request('http://127.0.0.1:4299/api/responses/resp_1/input_items'), routeParams('resp_1'));
      await routes.cancel.POST(new Request('http://127.0.0.1:4299/api/responses/resp_1/cancel', { method: 'POST' }), routeParams('resp_1'));
      await routes.responseById.DELETE(new Request('http://127.0.0.1:4299/api/responses/resp_1', { method: 'DELETE' }), routeParams('resp_1'));
      await routes.models.GET(new Request('http://127.0.0.1:4299/api/models'));
      expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        `POST ${prefix}/responses`,
        `GET ${prefix}/responses/resp_1`,
        `GET ${prefix}/responses/resp_1/input_items`,
        `POST ${prefix}/responses/resp_1/cancel`,
        `DELETE ${prefix}/responses/resp_1`,
        `GET ${prefix}/models`,
      ]);
    }
  });

  it('lists the gateway models, or a fallback marked as such when it has none', async () => {
    const routes = await load({ ALLOW_BROWSER_KEYS: 'true' });
    upstream.respondWith(json(200, { object: 'list', data: [{ id: 'gw-model', object: 'model' }] }));
    const listed = await routes.models.GET(new Request('http://127.0.0.1:4299/api/models'));
    expect(await listed.json()).toMatchObject({ data: [{ id: 'gw-model' }], fallback: false, allow_browser_keys: true, source: `remote ${upstream.url}/api/v1/llm` });
    upstream.respondWith(json(404, { error: { message: 'no', type: 'invalid_request_error', param: null, code: null } }));
    const fallback = (await (await routes.models.GET(new Request('http://127.0.0.1:4299/api/models'))).json()) as { fallback: boolean; data: unknown[] };
    expect(fallback.fallback).toBe(true);
    expect(fallback.data.length).toBeGreaterThan(0);
  });
});

describe('recording', () => {
  it('records a background job before answering, and never lets a recorder failure break the reply', async () => {
    const routes = await load();
    const jobs = await import('@/lib/jobs/record');
    const chains = await import('@/lib/chains/record');
    const history = await import('@/lib/history/record');
    vi.mocked(jobs.recordBackgroundJob).mockReset().mockResolvedValue(undefined);
    vi.mocked(chains.recordSeenResponse).mockReset().mockRejectedValue(new Error('not implemented'));
    vi.mocked(history.recordSentRequest).mockReset().mockRejectedValue(new Error('not implemented'));
    upstream.respondWith(json(200, { id: 'resp_bg', status: 'queued', background: true, model: 'm', previous_response_id: 'resp_0' }));
    const response = await routes.responses.POST(post('{"model":"m","background":true}', { 'X-On-Behalf-Of': 'u1' }));
    expect(jobs.recordBackgroundJob).toHaveBeenCalledWith({ ownerId: null, responseId: 'resp_bg', model: 'm', status: 'queued', onBehalfOf: 'u1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'resp_bg' });
    expect(chains.recordSeenResponse).toHaveBeenCalledWith(expect.objectContaining({ id: 'resp_bg', previousResponseId: 'resp_0', onBehalfOf: 'u1' }));
    expect(history.recordSentRequest).toHaveBeenCalledWith(expect.objectContaining({ body: { model: 'm', background: true }, responseId: 'resp_bg' }));
  });

  it('tells the chain index whether the gateway stored the response', async () => {
    const routes = await load();
    const chains = await import('@/lib/chains/record');
    vi.mocked(chains.recordSeenResponse).mockReset().mockResolvedValue(undefined);
    upstream.respondWith(json(200, { id: 'resp_unstored', status: 'completed', model: 'm', store: false }));
    await routes.responses.POST(post('{"model":"m","store":false}'));
    expect(chains.recordSeenResponse).toHaveBeenCalledWith(expect.objectContaining({ id: 'resp_unstored', stored: false }));
  });
});
