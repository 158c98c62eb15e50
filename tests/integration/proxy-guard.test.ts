// proxy.ts in-process: host names (DNS rebinding), revocable sessions kept in the database, HSTS, and what opens without a session.
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { closeAppDatabase, setUpTestAppDatabase, useAppDatabase } from '../support/app-database';

const TOKEN = 'playground-token-for-guard-tests';
const ORIGIN = 'http://127.0.0.1:4299';

async function loadGuard(settings: Record<string, string | undefined>) {
  for (const name of ['PLAYGROUND_ACCESS_TOKEN', 'PLAYGROUND_PUBLIC_URL', 'TRUST_PROXY', 'HOST']) delete process.env[name];
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) process.env[name] = value;
  vi.resetModules();
  const proxy = await import('@/proxy');
  const session = await import('@/app/api/session/route');
  return { proxy: proxy.proxy, session };
}

const request = (path: string, headers: Record<string, string> = {}, init: { method?: string; url?: string } = {}) =>
  new NextRequest(`${init.url ?? ORIGIN}${path}`, { method: init.method ?? 'GET', headers: { host: new URL(init.url ?? ORIGIN).host, ...headers } });

const passed = (response: Response) => response.headers.get('x-middleware-next') === '1';

setUpTestAppDatabase();

describe('host names', () => {
  it('refuses a name that is not loopback or the public URL with 421 and the error envelope, for GETs too', async () => {
    const { proxy } = await loadGuard({});
    for (const method of ['GET', 'POST']) {
      const response = await proxy(request('/api/history', { host: 'rebind.attacker.example:4299' }, { method }));
      expect(response.status).toBe(421);
      expect(await response.json()).toEqual({ error: { message: expect.stringContaining('rebind.attacker.example'), type: 'invalid_request_error', param: null, code: 'unknown_host' } });
    }
    expect((await proxy(request('/', { host: 'rebind.attacker.example' }))).status).toBe(421);
  });

  it('serves loopback names and the host of PLAYGROUND_PUBLIC_URL', async () => {
    const { proxy } = await loadGuard({ PLAYGROUND_PUBLIC_URL: 'https://play.example.com' });
    for (const host of ['127.0.0.1:4299', 'localhost:4299', '[::1]:4299', 'play.example.com']) expect(passed(await proxy(request('/api/history', { host })))).toBe(true);
  });
});

describe('sessions', () => {
  async function signIn(session: Awaited<ReturnType<typeof loadGuard>>['session']): Promise<string> {
    const response = await session.POST(new Request(`${ORIGIN}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: TOKEN }) }));
    const value = /^playground_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(value).toBeTruthy();
    return `playground_session=${value}`;
  }

  it('ends at sign-out on the server: the same cookie is refused afterwards', async () => {
    const { proxy, session } = await loadGuard({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const cookie = await signIn(session);
    expect(passed(await proxy(request('/api/history', { cookie })))).toBe(true);
    const out = await session.DELETE(new Request(`${ORIGIN}/api/session`, { method: 'DELETE', headers: { cookie } }));
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await proxy(request('/api/history', { cookie }));
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'session_required' } });
    expect(await (await session.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }))).json()).toMatchObject({ authenticated: false });
  });

  it('survives a restart (the session is in the database)', async () => {
    const { session } = await loadGuard({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const cookie = await signIn(session);
    const pgliteDir = process.env.PGLITE_DIR ?? '';
    await closeAppDatabase();
    await useAppDatabase({ pgliteDir });
    const { proxy } = await loadGuard({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    expect(passed(await proxy(request('/api/history', { cookie })))).toBe(true);
  });

  it('lets the sign-in page and its icon load without a session', async () => {
    const { proxy } = await loadGuard({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    expect((await proxy(request('/login'))).status).toBe(200);
    expect(passed(await proxy(request('/icon.svg')))).toBe(true);
    expect((await proxy(request('/jobs'))).status).toBe(303);
  });
});

describe('https', () => {
  it('sends HSTS over https, and over a trusted proxy that says https, never otherwise', async () => {
    let { proxy } = await loadGuard({ PLAYGROUND_PUBLIC_URL: 'https://play.example.com' });
    const secure = await proxy(request('/api/history', {}, { url: 'https://play.example.com' }));
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await proxy(request('/api/history', { 'x-forwarded-proto': 'https' }))).headers.get('strict-transport-security')).toBeNull();
    expect((await proxy(request('/api/history'))).headers.get('strict-transport-security')).toBeNull();
    ({ proxy } = await loadGuard({ TRUST_PROXY: 'true' }));
    expect((await proxy(request('/api/history', { 'x-forwarded-proto': 'https' }))).headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
