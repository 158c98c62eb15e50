// GET /api/auth/signin (to the provider, with PKCE) and GET /api/auth/callback/oidc (back: a personal session, or /login saying why not).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { OIDC_CALLBACK_PATH, signInMode, type Env } from '@/lib/env-schema';
import { clientKeyOf } from './client-key';
import { readCookieValue, safeNextPath, SESSION_TTL_SECONDS, signSession } from './access';
import { sessionSigningSecret } from './current-actor';
import { describeUser, isAllowedUser } from './identity';
import { AuthorizationResponseError, beginSignIn, completeSignIn } from './oidc-client';
import { takeRateLimit } from './shared-rate-limit';
import { cookieHeader } from './session';
import { openUserSession, saveLogin, saveUser, takeLogin } from './user-sessions';

/** Carries the state of a sign-in under way back to the callback (Lax: the provider's redirect is a cross-site navigation). */
const LOGIN_COOKIE = 'playground_login';
const LOGIN_COOKIE_SECONDS = 10 * 60;

function redirectTo(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

function loginError(code: string, next = '/'): Response {
  return redirectTo(`/login?error=${encodeURIComponent(code)}&next=${encodeURIComponent(next)}`);
}

/** GET /api/auth/signin?next=/path: starts a sign-in with the provider. */
export async function handleOidcSignIn(request: Request): Promise<Response> {
  const env = getEnv();
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  if (signInMode(env) !== 'oidc') return redirectTo('/login');
  const limit = await takeRateLimit(`session:${clientKeyOf(request.headers, env.TRUST_PROXY)}`, env.PROXY_RATE_LIMIT_PER_MINUTE);
  if (!limit.ok) return loginError('rate_limited', next);
  try {
    const pending = await beginSignIn(env);
    await saveLogin(await getDb(), { state: pending.state, codeVerifier: pending.codeVerifier, nonce: pending.nonce, nextPath: next });
    return redirectTo(pending.url, [cookieHeader(request, pending.state, LOGIN_COOKIE_SECONDS, LOGIN_COOKIE, 'Lax', OIDC_CALLBACK_PATH)]);
  } catch (error) {
    console.error(`[auth] sign-in could not start: the provider's discovery failed (${(error as Error).name})`);
    return loginError('provider_unreachable', next);
  }
}

/**
 * After the provider's redirect the session cookie (SameSite=Strict) would not be sent on a redirect chain that began on
 * the provider's site, so the browser is sent on by a page of ours: its next navigation is same-site.
 */
function continuePage(next: string, cookies: string[]): Response {
  const target = next.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Signed in</title></head><body><p>Signed in. <a href="${target}">Continue</a></p></body></html>`;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'" });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(html, { status: 200, headers });
}

/** The URL the provider redirected to, on the public origin the redirect URI was registered with (behind a proxy too). */
function callbackUrl(request: Request, env: Env): URL {
  const url = new URL(`${env.PLAYGROUND_PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
  url.search = new URL(request.url).search;
  return url;
}

/** GET /api/auth/callback/oidc: checks the provider's answer against the sign-in this browser started, then opens a session. */
export async function handleOidcCallback(request: Request): Promise<Response> {
  const env = getEnv();
  if (signInMode(env) !== 'oidc') return redirectTo('/login');
  const clearLogin = cookieHeader(request, '', 0, LOGIN_COOKIE, 'Lax', OIDC_CALLBACK_PATH);
  const state = new URL(request.url).searchParams.get('state');
  const db = await getDb();
  // The state must be the one this browser was given: a callback carried to another browser opens nothing.
  if (!state || readCookieValue(request.headers.get('cookie'), LOGIN_COOKIE) !== state) return loginError('state_mismatch');
  const login = await takeLogin(db, state);
  if (!login) return loginError('sign_in_expired');
  let tokens;
  try {
    tokens = await completeSignIn(env, callbackUrl(request, env), { state, codeVerifier: login.codeVerifier, nonce: login.nonce });
  } catch (error) {
    if (error instanceof AuthorizationResponseError) return loginError(error.error === 'access_denied' ? 'access_denied' : 'provider_error', login.nextPath);
    console.error(`[auth] sign-in could not be completed (${(error as Error).name}: ${(error as { code?: string }).code ?? 'no code'})`);
    return loginError('provider_error', login.nextPath);
  }
  const user = describeUser(tokens.claims, env, '');
  if (!user.id) return loginError('provider_error', login.nextPath);
  if (!isAllowedUser(user, env)) {
    console.warn(`[auth] sign-in refused: not in PLAYGROUND_USERS user=${user.id}`);
    return loginError('not_allowed', login.nextPath);
  }
  const nowMs = Date.now();
  const sessionId = randomUUID();
  await saveUser(db, tokens.claims, nowMs);
  await openUserSession(db, { id: sessionId, userId: user.id, expiresAtMs: nowMs + SESSION_TTL_SECONDS * 1000, userAgent: request.headers.get('user-agent'), tokens }, nowMs);
  const cookie = cookieHeader(request, signSession(await sessionSigningSecret(env), nowMs, sessionId), SESSION_TTL_SECONDS);
  return continuePage(login.nextPath, [cookie, clearLogin]);
}
