// Personal sign-in against a real OpenID provider started here: sign-in, sign-out, an admin ending a session, a refused
// user, a cancelled sign-in, and a session ended when the provider says the user is gone at the next refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app-process';
import { CookieJar, send, signInThroughProvider } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { reserveAppUrl, startTeamApp } from '../support/team-app';

let provider: TestProvider;
let app: RunningApp;
let appUrl: string;

beforeAll(async () => {
  const reserved = await reserveAppUrl();
  appUrl = reserved.url;
  provider = await startTestProvider({ redirectUris: [reserved.redirectUri] });
  provider.addAccount('ana', { email: 'ana@team.example', email_verified: true, name: 'Ana Admin' });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo', groups: ['playground-users'] });
  provider.addAccount('cy', { email: 'cy@team.example', email_verified: true, name: 'Cy' });
  provider.addAccount('outsider', { email: 'out@elsewhere.example', email_verified: true, name: 'Outsider' });
  provider.addAccount('unverified', { email: 'ana@team.example', email_verified: false, name: 'Not Ana' });
  app = await startTeamApp(reserved.port, provider, {
    PLAYGROUND_ADMINS: 'ana@team.example',
    PLAYGROUND_USERS: '@team.example,playground-users',
    OIDC_REFRESH_SECONDS: '2',
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

const session = async (jar: CookieJar) => (await send(jar, `${appUrl}/api/session`)).text;
const api = (jar: CookieJar, path: string, method = 'GET') => send(jar, `${appUrl}${path}`, { method, headers: { Origin: appUrl } });

describe('personal sign-in (OpenID Connect, authorization code with PKCE)', () => {
  it('sends a visitor to /login, whose button goes to the provider; after its login and consent the browser is back where it started, signed in', async () => {
    const anonymous = new CookieJar();
    const page = await send(anonymous, `${appUrl}/jobs`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${appUrl}/login?next=%2Fjobs`);
    const login = await send(anonymous, `${appUrl}/login?next=%2Fjobs`);
    expect(login.text).toContain(`/api/auth/signin?next=%2Fjobs`);
    expect(login.text).toContain(`Sign in with 127.0.0.1:${new URL(provider.issuer).port}`);
    expect((await api(anonymous, '/api/models')).status).toBe(401);

    const start = await send(anonymous, `${appUrl}/api/auth/signin?next=%2Fjobs`);
    const authorize = new URL(start.location ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/callback/oidc`);
    expect(anonymous.cookies.get('playground_login')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/callback/oidc' });

    const { jar, page: landed } = await signInThroughProvider(appUrl, 'bo', { next: '/jobs' });
    expect(landed.url).toBe(`${appUrl}/jobs`);
    expect(landed.status).toBe(200);
    expect(landed.text).toContain('data-testid="page-jobs"');
    expect(jar.cookies.get('playground_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(jar.get('playground_login')).toBeUndefined();
    expect(JSON.parse(await session(jar))).toMatchObject({
      sign_in: 'oidc',
      authenticated: true,
      user: { email: 'bo@team.example', name: 'Bo', identity: 'bo@team.example', is_admin: false },
      on_behalf_of: { policy: 'self', value: 'bo@team.example' },
    });
    expect((await api(jar, '/api/models')).status).toBe(200);
  });

  it('signs out: the session ends on the server, so the same cookie replayed is refused', async () => {
    const { jar } = await signInThroughProvider(appUrl, 'cy');
    const replay = new CookieJar();
    replay.store([`playground_session=${jar.get('playground_session')}; Path=/`]);
    expect((await api(replay, '/api/history')).status).toBe(200);
    const out = await api(jar, '/api/session', 'DELETE');
    expect(out.status).toBe(200);
    expect(jar.get('playground_session')).toBeUndefined();
    const refused = await api(replay, '/api/history');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'session_required', type: 'authentication_error' } });
  });

  it('lets an admin list live sessions and end one: that browser is refused at its next request; non-admins get 403', async () => {
    const admin = (await signInThroughProvider(appUrl, 'ana')).jar;
    const user = (await signInThroughProvider(appUrl, 'bo')).jar;
    expect(JSON.parse(await session(admin))).toMatchObject({ user: { is_admin: true } });
    const forbidden = await api(user, '/api/admin/sessions');
    expect(forbidden.status).toBe(403);
    expect(JSON.parse(forbidden.text)).toMatchObject({ error: { code: 'admin_required', type: 'permission_error' } });
    const adminPage = await send(user, `${appUrl}/admin/sessions`);
    expect(adminPage.status).toBe(403);
    expect(adminPage.text).toContain('PLAYGROUND_ADMINS');

    const listed = JSON.parse((await api(admin, '/api/admin/sessions')).text) as { data: Array<{ handle: string; email: string; is_current: boolean; user_agent: string | null }> };
    const own = listed.data.filter((entry) => entry.is_current);
    expect(own).toHaveLength(1);
    expect(own[0]?.email).toBe('ana@team.example');
    const bos = listed.data.filter((entry) => entry.email === 'bo@team.example');
    expect(bos.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(listed)).not.toContain(user.get('playground_session')?.split('.')[0] ?? 'no-id');
    expect((await api(user, '/api/history')).status).toBe(200);
    for (const entry of bos) expect((await api(admin, `/api/admin/sessions/${entry.handle}`, 'DELETE')).status).toBe(204);
    expect((await api(user, '/api/history')).status).toBe(401);
    expect((await api(admin, `/api/admin/sessions/${bos[0]?.handle}`, 'DELETE')).status).toBe(404);
    expect((await send(admin, `${appUrl}/admin/sessions`)).status).toBe(200);
  });

  it('refuses someone PLAYGROUND_USERS does not name (and an unverified email that matches an admin): no session, /login says why', async () => {
    for (const login of ['outsider', 'unverified']) {
      const { jar, page } = await signInThroughProvider(appUrl, login);
      expect(page.url).toBe(`${appUrl}/login?error=not_allowed&next=%2F`);
      expect(page.text).toContain('PLAYGROUND_USERS');
      expect(jar.get('playground_session')).toBeUndefined();
    }
  });

  it('says so when the person cancels at the provider', async () => {
    const { jar, page } = await signInThroughProvider(appUrl, 'bo', { cancel: true });
    expect(page.url).toBe(`${appUrl}/login?error=access_denied&next=%2F`);
    expect(page.text).toContain('cancelled or refused at the provider');
    expect(jar.get('playground_session')).toBeUndefined();
  });

  it('opens nothing for a callback that another browser started, or one replayed', async () => {
    const victim = new CookieJar();
    const start = await send(victim, `${appUrl}/api/auth/signin`);
    const state = new URL(start.location ?? '').searchParams.get('state');
    const attacker = new CookieJar();
    const forged = await send(attacker, `${appUrl}/api/auth/callback/oidc?code=x&state=${state}`);
    expect(forged.location).toBe(`${appUrl}/login?error=state_mismatch&next=%2F`);
    expect(attacker.get('playground_session')).toBeUndefined();
  });

  it('ends the session when the provider no longer knows the user, at the next refresh (OIDC_REFRESH_SECONDS)', async () => {
    provider.addAccount('dee', { email: 'dee@team.example', email_verified: true, name: 'Dee' });
    const { jar } = await signInThroughProvider(appUrl, 'dee');
    expect((await api(jar, '/api/history')).status).toBe(200);
    // Still known at the provider: refreshes keep the session alive.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await api(jar, '/api/history')).status).toBe(200);
    provider.removeAccount('dee');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const ended = await api(jar, '/api/history');
    expect(ended.status).toBe(401);
    expect((await api(jar, '/api/history')).status).toBe(401);
  });
});
