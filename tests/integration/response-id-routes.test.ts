// The one response-id rule through every route that takes an id: the same 400 naming the field for bad ids, the id percent-encoded upstream for good ones.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESPONSE_ID_MAX_LENGTH } from '@/lib/schema';
import { setUpTestAppDatabase } from '../support/app-database';
import { loadProxyRoutes, routeParams, startFakeUpstream, type FakeUpstream, type FakeHandler } from '../support/fake-upstream';

const BASE = 'http://127.0.0.1:4599';
let upstream: FakeUpstream;

/** Answers like a gateway that issues opaque ids: the id it was asked about, decoded from the path. */
const echoGateway: FakeHandler = (request, response) => {
  const match = /^\/api\/v1\/llm\/responses\/([^/?]+)(\/[a-z_]+)?/.exec(request.path);
  const id = match ? decodeURIComponent(match[1]!) : 'none';
  const action = match?.[2];
  const body =
    action === '/input_items'
      ? { object: 'list', data: [], first_id: null, last_id: null, has_more: false }
      : request.method === 'DELETE'
        ? { id, object: 'response', deleted: true }
        : { id, object: 'response', model: 'm', background: true, status: action === '/cancel' ? 'cancelled' : 'queued' };
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function loadRoutes() {
  const proxy = await loadProxyRoutes(
    { GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-id-rule-server-key-0001', PROXY_RATE_LIMIT_PER_MINUTE: '1000000' },
    () => vi.resetModules(),
  );
  return {
    ...proxy,
    jobs: await import('@/app/api/jobs/route'),
    jobById: await import('@/app/api/jobs/[id]/route'),
    jobCancel: await import('@/app/api/jobs/[id]/cancel/route'),
    chains: await import('@/app/api/chains/route'),
    chainById: await import('@/app/api/chains/[id]/route'),
    chainDeleted: await import('@/app/api/chains/[id]/deleted/route'),
  };
}
type Routes = Awaited<ReturnType<typeof loadRoutes>>;

const at = (path: string, init: RequestInit = {}) => new Request(`${BASE}${path}`, init);
const postJson = (path: string, body: unknown) => at(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

interface RouteCase {
  name: string;
  /** Where the id goes: the `{id}` segment, or a body field. */
  param: string;
  call(routes: Routes, id: string): Promise<Response>;
  /** The upstream path (after /api/v1/llm) a good id must reach, if the route calls the gateway. */
  upstreamPath?: (encodedId: string) => string;
}

/** Every route of the playground that takes a response id. */
const ROUTES: RouteCase[] = [
  { name: 'GET /api/responses/{id}', param: 'id', call: (r, id) => r.responseById.GET(at('/api/responses/x'), routeParams(id)), upstreamPath: (e) => `/responses/${e}` },
  { name: 'DELETE /api/responses/{id}', param: 'id', call: (r, id) => r.responseById.DELETE(at('/api/responses/x', { method: 'DELETE' }), routeParams(id)), upstreamPath: (e) => `/responses/${e}` },
  { name: 'POST /api/responses/{id}/cancel', param: 'id', call: (r, id) => r.cancel.POST(at('/api/responses/x/cancel', { method: 'POST' }), routeParams(id)), upstreamPath: (e) => `/responses/${e}/cancel` },
  { name: 'GET /api/responses/{id}/input_items', param: 'id', call: (r, id) => r.inputItems.GET(at('/api/responses/x/input_items'), routeParams(id)), upstreamPath: (e) => `/responses/${e}/input_items` },
  { name: 'POST /api/jobs (track)', param: 'response_id', call: (r, id) => r.jobs.POST(postJson('/api/jobs', { response_id: id })), upstreamPath: (e) => `/responses/${e}` },
  { name: 'GET /api/jobs/{id}', param: 'id', call: (r, id) => r.jobById.GET(at('/api/jobs/x'), routeParams(id)) },
  { name: 'POST /api/jobs/{id}/cancel', param: 'id', call: (r, id) => r.jobCancel.POST(at('/api/jobs/x/cancel', { method: 'POST' }), routeParams(id)), upstreamPath: (e) => `/responses/${e}/cancel` },
  { name: 'POST /api/chains (record)', param: 'id', call: (r, id) => r.chains.POST(postJson('/api/chains', { id })) },
  { name: 'GET /api/chains/{id}', param: 'id', call: (r, id) => r.chainById.GET(at('/api/chains/x'), routeParams(id)) },
  { name: 'POST /api/chains/{id}/deleted', param: 'id', call: (r, id) => r.chainDeleted.POST(at('/api/chains/x/deleted', { method: 'POST' }), routeParams(id)) },
];

const BAD_IDS: Record<string, string> = {
  '.': '.',
  '..': '..',
  empty: '',
  'a control character': 'resp\u0000x',
  'a tab': 'resp\tx',
  'an over-long id': 'r'.repeat(RESPONSE_ID_MAX_LENGTH + 1),
};

/** Ids of other gateways: base64url with `=`, `:` and `/`, spaces, unicode, and the longest allowed. */
const GOOD_IDS: Record<string, string> = {
  'base64url with =': 'cmVzcF9hYmM_ZGVm-Z2hp==',
  'colon and slash': 'gw:resp/2024/abc',
  spaces: 'resp with spaces',
  unicode: 'résumé-世界-🌍',
  'percent sign': 'resp%2E%2E',
  'the longest allowed': 'r'.repeat(RESPONSE_ID_MAX_LENGTH),
};

describe('the one response-id rule on every route that takes an id', () => {
  let routes: Routes;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.respondWith(echoGateway);
  });
  afterAll(async () => {
    await upstream?.close();
  });
  setUpTestAppDatabase({
    prepare: async () => {
      routes = await loadRoutes();
    },
  });

  it.each(Object.entries(BAD_IDS))('refuses %s everywhere with 400 naming the field, before any gateway call', async (_label, id) => {
    const answers: Record<string, unknown> = {};
    for (const route of ROUTES) {
      upstream.requests.length = 0;
      const reply = await route.call(routes, id);
      const body = (await reply.json()) as { error?: { param?: unknown; type?: unknown } };
      answers[route.name] = { status: reply.status, param: body.error?.param, type: body.error?.type, upstreamCalls: upstream.requests.length };
    }
    const expected = Object.fromEntries(ROUTES.map((route) => [route.name, { status: 400, param: route.param, type: 'invalid_request_error', upstreamCalls: 0 }]));
    expect(answers).toEqual(expected);
  });

  it.each(Object.entries(GOOD_IDS))('accepts an opaque id (%s) everywhere, percent-encoded as one path segment upstream', async (_label, id) => {
    const encoded = encodeURIComponent(id);
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const route of ROUTES) {
      upstream.requests.length = 0;
      const reply = await route.call(routes, id);
      answers[route.name] = { isOk: reply.ok, upstream: upstream.requests.map((request) => request.path.split('?')[0]) };
      expected[route.name] = { isOk: true, upstream: route.upstreamPath ? [`/api/v1/llm${route.upstreamPath(encoded)}`] : [] };
    }
    expect(answers).toEqual(expected);
  });
});
