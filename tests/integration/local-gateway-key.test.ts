// The key between the proxy and the mounted local gateway: never GATEWAY_API_KEY, and once a token protects the playground a random per-install key instead of the public dev key.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInstallKey } from '@/lib/auth/local-gateway-key';
import { LOCAL_GATEWAY_DEV_KEY } from '@/lib/env-schema';
import { closeAppDatabase, openAppDatabase, useAppDatabase } from '../support/app-database';
import { DATABASE_KINDS, makePgliteDir, openTestDatabase } from '../support/databases';
import { json, loadProxyRoutes, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const TOKEN = 'access-token-for-key-tests';
const installKeyHolder = globalThis as typeof globalThis & { __playgroundInstallSecrets?: Map<string, Promise<string>>; __playgroundLocalGateway?: unknown };

describe.each(DATABASE_KINDS)('the install key on %s', (kind) => {
  it('is made once and kept, 24 random bytes, never the dev key', async () => {
    const handle = await openTestDatabase(kind);
    try {
      const first = await readInstallKey(handle.db);
      expect(first).toMatch(/^sk-local-install-[A-Za-z0-9_-]{32}$/);
      expect(first).not.toBe(LOCAL_GATEWAY_DEV_KEY);
      expect(await readInstallKey(handle.db)).toBe(first);
    } finally {
      await handle.close();
    }
  });
});

describe('the proxy in front of the mounted local gateway', () => {
  // The fake upstream stands in for the app's own /api/v1/llm: with no GATEWAY_BASE_URL the proxy calls http://HOST:PORT/api/v1/llm.
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    await useAppDatabase({ pgliteDir: makePgliteDir() });
  });
  const saved = { ...process.env };
  afterAll(async () => {
    await upstream.close();
    await closeAppDatabase();
    process.env = { ...saved };
  });
  beforeEach(() => {
    upstream.requests.length = 0;
    upstream.respondWith(json(200, { id: 'resp_1', object: 'response', status: 'completed', model: 'm' }));
    installKeyHolder.__playgroundInstallSecrets?.clear();
  });

  const load = (extra: Record<string, string>) =>
    loadProxyRoutes({ HOST: '127.0.0.1', PORT: String(new URL(upstream.url).port), ...extra }, () => vi.resetModules());
  const send = async (extra: Record<string, string>) => {
    const routes = await load(extra);
    // With an access token the route itself asks for a session (lib/auth/guard.ts guardedRoute): sign in first.
    const cookie = extra.PLAYGROUND_ACCESS_TOKEN ? await signIn(extra.PLAYGROUND_ACCESS_TOKEN) : null;
    const headers = { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) };
    return routes.responses.POST(new Request('http://127.0.0.1/api/responses', { method: 'POST', headers, body: '{"model":"m","input":"hi"}' }));
  };
  const signIn = async (token: string) => {
    const session = await import('@/app/api/session/route');
    const response = await session.POST(new Request('http://127.0.0.1/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) }));
    return /^(playground_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
  };

  it('sends the local gateway its own key, not GATEWAY_API_KEY (the remote gateway key)', async () => {
    const response = await send({ GATEWAY_API_KEY: 'sk-remote-only-0123456789' });
    expect(response.status).toBe(200);
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${LOCAL_GATEWAY_DEV_KEY}`);
  });

  it('with an access token, sends the install key instead of the public dev key', async () => {
    const db = await openAppDatabase();
    const installKey = await readInstallKey(db);
    const response = await send({ GATEWAY_API_KEY: 'sk-remote-only-0123456789', PLAYGROUND_ACCESS_TOKEN: TOKEN });
    expect(response.status).toBe(200);
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${installKey}`);
  });
});

describe('the mounted local gateway with an access token', () => {
  const saved = { ...process.env };
  // One database for the block: opening PGlite is the slow part of these tests.
  beforeAll(async () => {
    await useAppDatabase({ pgliteDir: makePgliteDir() });
  });
  afterAll(async () => {
    await closeAppDatabase();
    process.env = { ...saved };
  });
  beforeEach(() => {
    installKeyHolder.__playgroundInstallSecrets?.clear();
    installKeyHolder.__playgroundLocalGateway = undefined;
    delete process.env.GATEWAY_BASE_URL;
    delete process.env.LOCAL_GATEWAY_API_KEYS;
    vi.resetModules();
  });
  afterEach(() => {
    installKeyHolder.__playgroundLocalGateway = undefined;
    installKeyHolder.__playgroundInstallSecrets?.clear();
  });

  const models = async (key: string) => {
    const { handleLocalGatewayRequest } = await import('@/lib/local-gateway/next-mount');
    return handleLocalGatewayRequest(new Request('http://127.0.0.1:3000/api/v1/llm/models', { headers: { Authorization: `Bearer ${key}` } }));
  };

  it('refuses the public dev key and accepts the install key', async () => {
    process.env.PLAYGROUND_ACCESS_TOKEN = TOKEN;
    const installKey = await readInstallKey(await openAppDatabase());
    expect((await models(LOCAL_GATEWAY_DEV_KEY)).status).toBe(401);
    expect((await models(installKey)).status).toBe(200);
  });

  it('accepts the dev key when no token is set (an open playground, as documented)', async () => {
    delete process.env.PLAYGROUND_ACCESS_TOKEN;
    expect((await models(LOCAL_GATEWAY_DEV_KEY)).status).toBe(200);
  });
});
