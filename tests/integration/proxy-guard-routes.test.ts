// The proxy's routes (/api/responses/**) are not run through proxy.ts: each guards itself with the same rules (host name, same origin, session, body limit, HSTS).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestAppDatabase } from '../support/app-database';

const TOKEN = 'playground-token-for-route-guard-tests';
const ORIGIN = 'http://127.0.0.1:4299';
const ROUTES_DIR = path.resolve(__dirname, '../../app/api/responses');

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

/** Every handler under app/api/responses, as `METHOD /path` (the id segment filled in). */
async function loadRoutes(settings: Record<string, string | undefined>): Promise<Array<{ method: string; path: string; handler: Handler }>> {
  for (const name of ['PLAYGROUND_ACCESS_TOKEN', 'PLAYGROUND_PUBLIC_URL', 'TRUST_PROXY', 'HOST', 'PROXY_BODY_LIMIT_BYTES']) delete process.env[name];
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) process.env[name] = value;
  vi.resetModules();
  const files = fs.readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('route.ts'));
  const routes = [];
  for (const file of files) {
    const routeModule = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Record<string, unknown>;
    const urlPath = `/api/responses/${path.dirname(file)}`.replace(/\/\.$/, '').replace('[id]', 'resp_1');
    for (const method of ['GET', 'POST', 'DELETE', 'PUT', 'PATCH']) {
      if (typeof routeModule[method] === 'function') routes.push({ method, path: urlPath, handler: routeModule[method] as Handler });
    }
  }
  return routes;
}

function call(route: { method: string; path: string; handler: Handler }, headers: Record<string, string> = {}, url = ORIGIN) {
  const hasBody = route.method === 'POST';
  const request = new Request(`${url}${route.path}`, { method: route.method, headers: { host: new URL(url).host, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers }, body: hasBody ? '{not json' : undefined });
  return route.handler(request, { params: Promise.resolve({ id: 'resp_1' }) });
}

setUpTestAppDatabase();

describe('proxy.ts skips the proxy routes, and only them', () => {
  it('matches every other path, /api/responses-like names included', async () => {
    (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
    const { unstable_doesMiddlewareMatch: matches } = await import('next/experimental/testing/server');
    const { config } = await import('@/proxy');
    for (const url of ['/api/responses', '/api/responses/resp_1', '/api/responses/resp_1/cancel', '/api/responses/resp_1/input_items?limit=2']) expect(matches({ config, url }), url).toBe(false);
    for (const url of ['/', '/api/history', '/api/models', '/api/responses-export', '/api/responsesx', '/api/recordings', '/jobs']) expect(matches({ config, url }), url).toBe(true);
  });
});

describe('each proxy route guards itself', () => {
  it('finds the four route files and their five handlers', async () => {
    const routes = await loadRoutes({});
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'DELETE /api/responses/resp_1',
      'GET /api/responses/resp_1',
      'GET /api/responses/resp_1/input_items',
      'POST /api/responses',
      'POST /api/responses/resp_1/cancel',
    ]);
  });

  it('refuses a host name it was not told about with 421 and the envelope, on every route', async () => {
    for (const route of await loadRoutes({})) {
      const response = await call(route, { host: 'rebind.attacker.example:4299' });
      expect(response.status, `${route.method} ${route.path}`).toBe(421);
      expect(await response.json()).toEqual({ error: { message: expect.stringContaining('rebind.attacker.example'), type: 'invalid_request_error', param: null, code: 'unknown_host' } });
    }
    // Without a Host header (a handler called in-process) the URL's host name is the one checked.
    const [create] = (await loadRoutes({})).filter((route) => route.path === '/api/responses');
    const hostless = (url: string) => create!.handler(new Request(`${url}/api/responses`, { method: 'POST', body: '{not json' }), { params: Promise.resolve({ id: '' }) });
    expect((await hostless('http://rebind.attacker.example')).status).toBe(421);
    expect((await hostless(ORIGIN)).status).toBe(400);
  });

  it('refuses a cross-origin state change with 403 on every POST and DELETE, and lets a same-origin one reach the route', async () => {
    for (const route of (await loadRoutes({})).filter((candidate) => candidate.method !== 'GET')) {
      const refused = await call(route, { origin: 'https://evil.example' });
      expect(refused.status, `${route.method} ${route.path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { type: 'permission_error', code: 'cross_origin_request' } });
    }
    const [create] = (await loadRoutes({})).filter((route) => route.path === '/api/responses');
    const reached = await call(create!, { origin: ORIGIN });
    expect(reached.status).toBe(400);
    expect(await reached.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('needs a live session when an access token is set: 401 with the envelope on every route', async () => {
    for (const route of await loadRoutes({ PLAYGROUND_ACCESS_TOKEN: TOKEN })) {
      const response = await call(route);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(await response.json()).toMatchObject({ error: { type: 'authentication_error', code: 'session_required' } });
    }
    const session = await import('@/app/api/session/route');
    const signedIn = await session.POST(new Request(`${ORIGIN}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: TOKEN }) }));
    const cookie = /^(playground_session=[^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const [create] = (await loadRoutes({ PLAYGROUND_ACCESS_TOKEN: TOKEN })).filter((route) => route.path === '/api/responses');
    expect((await call(create!, { cookie })).status).toBe(400);
  });

  it('refuses a body declared larger than PROXY_BODY_LIMIT_BYTES with 413 before reading it', async () => {
    const [create] = (await loadRoutes({ PROXY_BODY_LIMIT_BYTES: '1024' })).filter((route) => route.path === '/api/responses');
    const response = await call(create!, { 'content-length': '4096' });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'request_too_large', message: expect.stringContaining('PROXY_BODY_LIMIT_BYTES') } });
  });

  it('sends HSTS over https (refusals and replies alike), never over plain http', async () => {
    const routes = await loadRoutes({ PLAYGROUND_PUBLIC_URL: 'https://play.example.com' });
    const [create] = routes.filter((route) => route.path === '/api/responses');
    const secure = await call(create!, {}, 'https://play.example.com');
    expect(secure.status).toBe(400);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const refused = await call(create!, { origin: 'https://evil.example' }, 'https://play.example.com');
    expect(refused.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await call(create!)).headers.get('strict-transport-security')).toBeNull();
  });
});
