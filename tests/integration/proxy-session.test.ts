// The access-token sign-in route in-process: cookie flags, wrong tokens, form redirects, status, sign-out and the sign-in limit.
import { describe, expect, it, vi } from 'vitest';
import { verifySession } from '@/lib/auth/access';
import { setUpTestAppDatabase } from '../support/app-database';

const TOKEN = 'playground-token-for-tests';

setUpTestAppDatabase();

async function loadSessionRoute(settings: Record<string, string | undefined>) {
  for (const name of ['TRUST_PROXY', 'PROXY_RATE_LIMIT_PER_MINUTE']) delete process.env[name];
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
  (await import('@/lib/auth/rate-limit')).resetSharedRateLimiters();
  return import('@/app/api/session/route');
}

const signIn = (body: string, contentType: string, url = 'http://127.0.0.1:4299/api/session') =>
  new Request(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });

describe('/api/session', () => {
  it('names the remote gateway for exported code, without the key', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: undefined, GATEWAY_BASE_URL: 'https://gw.example.com/base/', GATEWAY_API_KEY: 'sk-remote' });
    const body = (await (await route.GET(new Request('http://127.0.0.1:4299/api/session'))).json()) as Record<string, unknown>;
    expect(body.gateway_base_url).toBe('https://gw.example.com/base');
    expect(body.gateway_api_base).toBe('https://gw.example.com/base/api/v1/llm');
    expect(JSON.stringify(body)).not.toContain('sk-remote');
    delete process.env.GATEWAY_BASE_URL;
    delete process.env.GATEWAY_API_KEY;
  });

  it('gives exported code the API base under GATEWAY_API_PATH (an OpenAI-compatible /v1 server)', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: undefined, GATEWAY_BASE_URL: 'http://litellm.internal:4000', GATEWAY_API_PATH: '/v1/' });
    const body = (await (await route.GET(new Request('http://127.0.0.1:4299/api/session'))).json()) as Record<string, unknown>;
    expect(body.gateway_api_base).toBe('http://litellm.internal:4000/v1');
    delete process.env.GATEWAY_BASE_URL;
    delete process.env.GATEWAY_API_PATH;
  });

  it('opens a signed HttpOnly SameSite=Strict session for the right token (JSON)', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN, ALLOW_BROWSER_KEYS: 'true', GATEWAY_BASE_URL: undefined });
    const response = await route.POST(signIn(JSON.stringify({ token: TOKEN }), 'application/json'));
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^playground_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    expect(cookie).not.toContain(TOKEN);
    const value = /^playground_session=([^;]+)/.exec(cookie)?.[1];
    expect(verifySession(value, TOKEN)).toBe(true);
    const status = await route.GET(new Request('http://127.0.0.1:4299/api/session', { headers: { Cookie: `playground_session=${value}` } }));
    expect(await status.json()).toEqual({
      sign_in: 'token',
      access_token_required: true,
      authenticated: true,
      user: null,
      on_behalf_of: { policy: 'free', value: null, allowed: null, claim: null },
      allow_browser_keys: true,
      gateway_base_url: null,
      gateway_api_base: null,
    });
  });

  it('marks the cookie Secure over https, and believes X-Forwarded-Proto only with TRUST_PROXY=true', async () => {
    let route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const response = await route.POST(signIn(JSON.stringify({ token: TOKEN }), 'application/json', 'https://play.example/api/session'));
    expect(response.headers.get('set-cookie')).toContain('; Secure');
    const forwardedHttps = () =>
      new Request('http://127.0.0.1:4299/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' }, body: JSON.stringify({ token: TOKEN }) });
    expect((await route.POST(forwardedHttps())).headers.get('set-cookie')).not.toContain('Secure');
    route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
    expect((await route.POST(forwardedHttps())).headers.get('set-cookie')).toContain('; Secure');
  });

  it('limits sign-in attempts in one bucket that X-Forwarded-For cannot split (without TRUST_PROXY)', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN, PROXY_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = (ip: string) =>
      route.POST(new Request('http://127.0.0.1:4299/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: '{"token":"wrong"}' }));
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(ip)).status).toBe(401);
    const limited = await attempt('10.0.0.4');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('refuses a wrong token: 401 envelope for JSON, back to /login with an error for a form', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const json = await route.POST(signIn(JSON.stringify({ token: 'nope' }), 'application/json'));
    expect(json.status).toBe(401);
    expect(json.headers.get('set-cookie')).toBeNull();
    expect(await json.json()).toMatchObject({ error: { code: 'invalid_access_token', param: 'token' } });
    const form = await route.POST(signIn('token=nope&next=%2Fjobs', 'application/x-www-form-urlencoded'));
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/login?error=invalid&next=%2Fjobs');
  });

  it('redirects a signed-in form only to a local path', async () => {
    const route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const local = await route.POST(signIn(`token=${TOKEN}&next=%2Fjobs`, 'application/x-www-form-urlencoded'));
    expect(local.headers.get('location')).toBe('/jobs');
    expect(local.headers.get('set-cookie')).toContain('playground_session=');
    const foreign = await route.POST(signIn(`token=${TOKEN}&next=%2F%2Fevil.example`, 'application/x-www-form-urlencoded'));
    expect(foreign.headers.get('location')).toBe('/');
  });

  it('signs out by expiring the cookie, and reports no token required when none is set', async () => {
    let route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: TOKEN });
    const out = await route.DELETE(new Request('http://127.0.0.1:4299/api/session', { method: 'DELETE' }));
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    route = await loadSessionRoute({ PLAYGROUND_ACCESS_TOKEN: undefined });
    expect(await (await route.GET(new Request('http://127.0.0.1:4299/api/session'))).json()).toMatchObject({ access_token_required: false, authenticated: true });
  });
});
