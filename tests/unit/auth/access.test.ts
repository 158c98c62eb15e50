// Access-token sessions and path rules of the proxy, as pure functions.
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/identity';
import { decideAccess, isOpenPath, isTokenCorrect, safeNextPath, SESSION_TTL_SECONDS, signSession, verifySession, type AccessInput } from '@/lib/auth/access';

const TOKEN = 'correct-horse-battery';
const NOW = 1_800_000_000_000;

describe('session cookies', () => {
  it('verifies a cookie it signed, until it expires', () => {
    const cookie = signSession(TOKEN, NOW, 'sid-1');
    expect(cookie.startsWith('sid-1.')).toBe(true);
    expect(verifySession(cookie, TOKEN, NOW)).toBe(true);
    expect(verifySession(cookie, TOKEN, NOW + SESSION_TTL_SECONDS * 1000 - 1)).toBe(true);
    expect(verifySession(cookie, TOKEN, NOW + SESSION_TTL_SECONDS * 1000)).toBe(false);
  });

  it('rejects tampered, foreign, malformed and missing cookies', () => {
    const cookie = signSession(TOKEN, NOW, 'sid-1');
    const [, expiry, signature] = cookie.split('.');
    expect(verifySession(`sid-2.${expiry}.${signature}`, TOKEN, NOW)).toBe(false);
    expect(verifySession(`sid-1.${Number(expiry) + 9999}.${signature}`, TOKEN, NOW)).toBe(false);
    expect(verifySession(cookie, 'another-token-value', NOW)).toBe(false);
    expect(verifySession('sid-1.123', TOKEN, NOW)).toBe(false);
    expect(verifySession('', TOKEN, NOW)).toBe(false);
    expect(verifySession(undefined, TOKEN, NOW)).toBe(false);
  });

  it('compares the token exactly', () => {
    expect(isTokenCorrect(TOKEN, TOKEN)).toBe(true);
    expect(isTokenCorrect(`${TOKEN} `, TOKEN)).toBe(false);
    expect(isTokenCorrect('', TOKEN)).toBe(false);
  });
});

const noSession = () => Promise.resolve(null);
const liveSession = () => Promise.resolve<Actor>({ kind: 'shared' });
const userSession = (isAdmin: boolean) => () =>
  Promise.resolve<Actor>({
    kind: 'user',
    user: { id: 'sub-1', email: 'ana@example.com', name: null, identity: 'ana@example.com', groups: [], onBehalfOfValues: [], isAdmin, sessionHandle: 'h' },
  });
const base: AccessInput = { method: 'GET', pathname: '/', origin: null, ownOrigins: ['http://127.0.0.1:3000'], isSignInRequired: true, readActor: noSession };

describe('path rules', () => {
  it('sends pages to /login and API routes to 401 without a session', async () => {
    expect(await decideAccess({ ...base, pathname: '/jobs' })).toBe('login');
    expect(await decideAccess({ ...base, pathname: '/api/responses', method: 'POST' })).toBe('unauthorized');
    expect(await decideAccess({ ...base, pathname: '/api/models' })).toBe('unauthorized');
  });

  it('lets a valid session through', async () => {
    expect(await decideAccess({ ...base, pathname: '/api/models', readActor: liveSession })).toBe('allow');
  });

  it('lets only admins reach /admin and /api/admin when people sign in personally (the shared user runs the playground otherwise)', async () => {
    for (const pathname of ['/admin/audit', '/api/admin/sessions', '/admin']) {
      expect(await decideAccess({ ...base, pathname, readActor: userSession(false) })).toBe('forbidden');
      expect(await decideAccess({ ...base, pathname, readActor: userSession(true) })).toBe('allow');
      expect(await decideAccess({ ...base, pathname, readActor: liveSession })).toBe('allow');
    }
    expect(await decideAccess({ ...base, pathname: '/administrator', readActor: userSession(false) })).toBe('allow');
  });

  it('keeps the OpenID sign-in and its callback open to GET only', () => {
    expect(isOpenPath('GET', '/api/auth/signin')).toBe(true);
    expect(isOpenPath('GET', '/api/auth/callback/oidc')).toBe(true);
    expect(isOpenPath('POST', '/api/auth/callback/oidc')).toBe(false);
    expect(isOpenPath('GET', '/api/auth/other')).toBe(false);
  });

  it('keeps health, sign-in, webhook deliveries and the local gateway open', () => {
    expect(isOpenPath('GET', '/api/health')).toBe(true);
    expect(isOpenPath('GET', '/login')).toBe(true);
    expect(isOpenPath('GET', '/icon.svg')).toBe(true);
    expect(isOpenPath('POST', '/api/session')).toBe(true);
    expect(isOpenPath('POST', '/api/webhooks/cap_1')).toBe(true);
    expect(isOpenPath('GET', '/api/webhooks/cap_1')).toBe(false);
    expect(isOpenPath('POST', '/api/webhooks/cap_1/extra')).toBe(false);
    expect(isOpenPath('POST', '/api/v1/llm/responses')).toBe(true);
    expect(isOpenPath('GET', '/api/v1/llmx')).toBe(false);
  });

  it('allows everything without a token except cross-origin state changes', async () => {
    expect(await decideAccess({ ...base, isSignInRequired: false, pathname: '/api/responses', method: 'POST' })).toBe('allow');
    expect(await decideAccess({ ...base, isSignInRequired: false, pathname: '/api/responses', method: 'POST', origin: 'https://evil.example' })).toBe('cross-origin');
  });

  it('rejects cross-origin POST/PUT/PATCH/DELETE, but not same-origin, GET, webhooks or the local gateway', async () => {
    const evil = { ...base, origin: 'https://evil.example', readActor: liveSession };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(await decideAccess({ ...evil, method, pathname: '/api/responses' })).toBe('cross-origin');
    expect(await decideAccess({ ...evil, method: 'POST', pathname: '/api/session' })).toBe('cross-origin');
    expect(await decideAccess({ ...evil, method: 'POST', origin: 'null', pathname: '/api/responses' })).toBe('cross-origin');
    expect(await decideAccess({ ...evil, method: 'POST', origin: 'http://127.0.0.1:3000', pathname: '/api/responses' })).toBe('allow');
    expect(await decideAccess({ ...evil, method: 'GET', pathname: '/api/models' })).toBe('allow');
    expect(await decideAccess({ ...evil, method: 'POST', pathname: '/api/webhooks/cap_1' })).toBe('allow');
    expect(await decideAccess({ ...evil, method: 'POST', pathname: '/api/v1/llm/responses' })).toBe('allow');
  });

  it('only redirects to local paths after sign-in', () => {
    expect(safeNextPath('/jobs?x=1')).toBe('/jobs?x=1');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    // Browsers drop tab, CR and LF inside URLs and read backslashes as slashes.
    for (const unsafe of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/x\\..\\..\\', '/\u0000x', '/\u007fx', '/jobs\\x']) expect(safeNextPath(unsafe)).toBe('/');
    expect(safeNextPath('/chains?id=resp_1#top')).toBe('/chains?id=resp_1#top');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});
