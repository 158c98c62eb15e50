// The access-token sign-in behind /api/session: status, sign in (form or JSON), sign out (which ends the session on the server).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { remoteGatewayApiBase, remoteGatewayBaseUrl } from '@/lib/env-schema';
import { isTokenCorrect, readSessionId, safeNextPath, SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from './access';
import { clientKeyOf, isHttpsRequest } from './client-key';
import { answerError } from '@/lib/http/route';
import { ApiError } from '@/lib/schema';
import { readBodyText } from '@/lib/http/body';
import { sharedRateLimiter } from './rate-limit';
import { endSession, isSessionActive, saveSession } from './session-store';

const SIGN_IN_BODY_LIMIT = { bytes: 8 * 1024, name: 'the sign-in form limit' };

/** `Secure` when the browser came over https; X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY=true). */
function cookieHeader(request: Request, value: string, maxAgeSeconds: number): string {
  const isHttps = isHttpsRequest(request.url, request.headers, getEnv().TRUST_PROXY);
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(isHttps ? ['Secure'] : [])].join('; ');
}

function readCookie(request: Request): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** Whether this request's cookie is signed with the token, unexpired and not signed out. */
export async function hasActiveSession(request: Request, token: string): Promise<boolean> {
  const sessionId = readSessionId(readCookie(request), token);
  return sessionId !== null && isSessionActive(await getDb(), sessionId);
}

/** GET /api/session: whether a token is required, whether this browser is signed in, whether browser keys are allowed, and the remote gateway (no credentials). */
export async function describeSession(request: Request): Promise<Response> {
  const env = getEnv();
  const token = env.PLAYGROUND_ACCESS_TOKEN;
  return Response.json(
    {
      access_token_required: !!token,
      authenticated: token ? await hasActiveSession(request, token) : true,
      allow_browser_keys: env.ALLOW_BROWSER_KEYS,
      /** Where exported code should send requests: the remote gateway, or null for this playground's local gateway. */
      gateway_base_url: remoteGatewayBaseUrl(env),
      /** The same gateway's API base (base URL + GATEWAY_API_PATH), or null. */
      gateway_api_base: remoteGatewayApiBase(env),
    },
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
    const limit = sharedRateLimiter(env.PROXY_RATE_LIMIT_PER_MINUTE).take(`session:${clientKeyOf(request.headers, env.TRUST_PROXY)}`);
    if (!limit.ok) throw new ApiError(429, 'Too many sign-in attempts; wait and try again.', { code: 'rate_limit_exceeded', headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
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
    const token = getEnv().PLAYGROUND_ACCESS_TOKEN;
    const sessionId = token ? readSessionId(readCookie(request), token) : null;
    if (sessionId) await endSession(await getDb(), sessionId);
    return Response.json({ authenticated: false }, { headers: { 'Set-Cookie': cookieHeader(request, '', 0), 'Cache-Control': 'no-store' } });
  } catch (error) {
    return answerError(error, 'POST /api/session');
  }
}
