// proxy.ts in-process: the host names it answers to (DNS rebinding).
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'http://127.0.0.1:4299';
const saved = { ...process.env };

async function loadGuard(settings: Record<string, string | undefined>) {
  for (const name of ['PLAYGROUND_ACCESS_TOKEN', 'PLAYGROUND_PUBLIC_URL', 'TRUST_PROXY', 'HOST']) delete process.env[name];
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) process.env[name] = value;
  vi.resetModules();
  const proxy = await import('@/proxy');
  return { proxy: proxy.proxy };
}

const request = (path: string, headers: Record<string, string> = {}, init: { method?: string; url?: string } = {}) =>
  new NextRequest(`${init.url ?? ORIGIN}${path}`, { method: init.method ?? 'GET', headers: { host: new URL(init.url ?? ORIGIN).host, ...headers } });

const passed = (response: Response) => response.headers.get('x-middleware-next') === '1';

afterAll(() => {
  process.env = { ...saved };
});

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
