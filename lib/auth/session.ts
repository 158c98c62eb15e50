// /api/session: who is signed in and how sign-in works (GET), the access-token sign-in (POST), sign out (DELETE, which ends the session on the server).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { remoteGatewayApiBase, remoteGatewayBaseUrl, signInMode } from '@/lib/env-schema';
import { isTokenCorrect, readCookieValue, safeNextPath, SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from './access';
import { readActor, readSessionCookie } from './current-actor';
import { describeOnBehalfOf } from './on-behalf-of-policy';
import { clientKeyOf, isHttpsRequest } from './client-key';
import { answerError } from '@/lib/http/route';
import { ApiError } from '@/lib/schema';
import { readBodyText } from '@/lib/http/body';
import type { SessionInfo } from '@/lib/http/query-keys';
import { takeRateLimit } from './shared-rate-limit';
import { endSession, saveSession } from './session-store';

const SIGN_IN_BODY_LIMIT = { bytes: 8 * 1024, name: 'the sign-in form limit' };

/** `Secure` when the browser came over https; X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY=true). */
export function cookieHeader(request: Request, value: string, maxAgeSeconds: number, name = SESSION_COOKIE, sameSite: 'Strict' | 'Lax' = 'Strict', path = '/'): string {
  const isHttps = isHttpsRequest(request.url, request.headers, getEnv().TRUST_PROXY);
  return [`${name}=${value}`, `Path=${path}`, 'HttpOnly', `SameSite=${sameSite}`, `Max-Age=${maxAgeSeconds}`, ...(isHttps ? ['Secure'] : [])].join('; ');
}

/** GET /api/session: how sign-in works, who this browser is signed in as, the X-On-Behalf-Of policy, browser keys, and the remote gateway (no credentials). */
export async function describeSession(request: Request): Promise<Response> {
  const env = getEnv();
  const mode = signInMode(env);
  const actor = await readActor(request);
  const user = actor?.kind === 'user' ? actor.user : null;
  return Response.json(
    {
      sign_in: mode,
      access_token_required: mode === 'token',
      authenticated: actor !== null,
      user: user && { id: user.id, email: user.email, name: user.name, identity: user.identity, is_admin: user.isAdmin },
      on_behalf_of: describeOnBehalfOf(env, actor),
      allow_browser_keys: env.ALLOW_BROWSER_KEYS,
      /** Where exported code should send requests: the remote gateway, or null for this playground's local gateway. */
      gateway_base_url: remoteGatewayBaseUrl(env),
      /** The same gateway's API base (base URL + GATEWAY_API_PATH), or null. */
      gateway_api_base: remoteGatewayApiBase(env),
    } satisfies SessionInfo,
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

async function readSignIn(request: Request): Promise<{ token: string; next: string; isForm: boolean }> {
  const isForm = !(request.headers.get('content-type') ?? '').includes('application/json');
  const text = await readBodyText(request, SIGN_IN_BODY_LIMIT);
  if (isForm) {
    const form = new URLSearchParams(text);
    return { token: form.get('token') ?? '', next: safeNextPath(form.get('next')), isForm };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', { code: 'invalid_json' });
  }
  const fields = (json ?? {}) as { token?: unknown; next?: unknown };
  return { token: typeof fields.token === 'string' ? fields.token : '', next: safeNextPath(fields.next), isForm };
}

function redirect(path: string, cookie?: string): Response {
  // A relative Location keeps the browser on the host it used, where the cookie was set.
  const headers = new Headers({ Location: path, 'Cache-Control': 'no-store' });
  if (cookie) headers.set('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** A new session row and its signed cookie value. */
async function openSession(token: string): Promise<string> {
  const nowMs = Date.now();
  const sessionId = randomUUID();
  await saveSession(await getDb(), sessionId, nowMs + SESSION_TTL_SECONDS * 1000, nowMs);
  return signSession(token, nowMs, sessionId);
}

/** POST /api/session: a correct token opens a signed HttpOnly session; a form post is redirected, JSON gets JSON. */
export async function signIn(request: Request): Promise<Response> {
  try {
    const env = getEnv();
    const limit = await takeRateLimit(`session:${clientKeyOf(request.headers, env.TRUST_PROXY)}`, env.PROXY_RATE_LIMIT_PER_MINUTE);
    if (!limit.ok) throw new ApiError(429, 'Too many sign-in attempts; wait and try again.', { code: 'rate_limit_exceeded', headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
    if (signInMode(env) === 'oidc') {
      throw new ApiError(400, 'This playground signs people in with their own accounts: open /api/auth/signin (the Sign in button at /login).', { code: 'use_oidc_sign_in' });
    }
    const { token, next, isForm } = await readSignIn(request);
    const expected = env.PLAYGROUND_ACCESS_TOKEN;
    if (expected && !isTokenCorrect(token, expected)) {
      if (isForm) return redirect(`/login?error=invalid&next=${encodeURIComponent(next)}`);
      throw new ApiError(401, 'The access token is not correct.', { type: 'authentication_error', param: 'token', code: 'invalid_access_token' });
    }
    const cookie = expected ? cookieHeader(request, await openSession(expected), SESSION_TTL_SECONDS) : undefined;
    if (isForm) return redirect(next, cookie);
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (cookie) headers.set('Set-Cookie', cookie);
    return Response.json({ authenticated: true, access_token_required: !!expected }, { headers });
  } catch (error) {
    return answerError(error, 'POST /api/session');
  }
}

/** DELETE /api/session: ends this browser's session on the server (its cookie is refused from now on) and expires the cookie. */
export async function signOut(request: Request): Promise<Response> {
  try {
    const env = getEnv();
    const sessionId = signInMode(env) === 'none' ? null : await readSessionCookie(readCookieValue(request.headers.get('cookie'), SESSION_COOKIE), env);
    if (sessionId) await endSession(await getDb(), sessionId);
    return Response.json({ authenticated: false }, { headers: { 'Set-Cookie': cookieHeader(request, '', 0), 'Cache-Control': 'no-store' } });
  } catch (error) {
    return answerError(error, 'DELETE /api/session');
  }
}
