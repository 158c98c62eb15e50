// Access control rules as pure functions: signed session cookies, which paths need a session, and the same-origin rule.
import 'server-only';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Actor } from './identity';
import { LOCAL_GATEWAY_API_PATH } from '@/lib/env-schema';

export const SESSION_COOKIE = 'playground_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signing key is derived from the access token, so changing the token ends every session. */
function sessionKey(token: string): Buffer {
  return createHmac('sha256', token).update('playground-session-v1').digest();
}

function mac(token: string, payload: string): string {
  return createHmac('sha256', sessionKey(token)).update(payload).digest('base64url');
}

function equalInConstantTime(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/** A cookie value `<session id>.<expiry, unix s>.<HMAC>`; valid until expiry, a token change or sign-out (the session store drops its id). */
export function signSession(token: string, nowMs: number = Date.now(), sessionId: string = randomUUID()): string {
  const payload = `${sessionId}.${Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS}`;
  return `${payload}.${mac(token, payload)}`;
}

/** The session id of a cookie this token signed and that has not expired, else null (whether it was signed out is the store's to say). */
export function readSessionId(value: string | undefined | null, token: string, nowMs: number = Date.now()): string | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [sessionId, expiry, signature] = parts as [string, string, string];
  if (!sessionId || !/^\d+$/.test(expiry)) return null;
  if (!equalInConstantTime(signature, mac(token, `${sessionId}.${expiry}`))) return null;
  return Number(expiry) * 1000 > nowMs ? sessionId : null;
}

export function verifySession(value: string | undefined | null, token: string, nowMs: number = Date.now()): boolean {
  return readSessionId(value, token, nowMs) !== null;
}

/** One cookie's value from a Cookie header, or undefined. */
export function readCookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function isTokenCorrect(candidate: string, token: string): boolean {
  return equalInConstantTime(candidate, token);
}

/** The built-in gateway's mount (its own bearer keys guard it). */
function isLocalGatewayPath(pathname: string): boolean {
  return pathname === LOCAL_GATEWAY_API_PATH || pathname.startsWith(`${LOCAL_GATEWAY_API_PATH}/`);
}

/** Reachable without a session: health, the sign-in page, its icon and API, the OpenID sign-in and callback, webhook deliveries and the local gateway (own bearer keys). */
export function isOpenPath(method: string, pathname: string): boolean {
  if (pathname === '/api/health' || pathname === '/login' || pathname === '/api/session') return true;
  if (method === 'GET' && (pathname === '/api/auth/signin' || pathname === '/api/auth/callback/oidc')) return true;
  if (isLocalGatewayPath(pathname)) return true;
  if (pathname.startsWith('/_next/') || pathname === '/favicon.ico' || pathname === '/icon.svg') return true;
  return method === 'POST' && /^\/api\/webhooks\/[^/]+$/.test(pathname);
}

/** Callers that are not browsers on this origin: the gateway's webhook deliveries and the local gateway's clients. */
export function isOriginCheckExempt(method: string, pathname: string): boolean {
  if (isLocalGatewayPath(pathname)) return true;
  return method === 'POST' && /^\/api\/webhooks\/[^/]+$/.test(pathname);
}

/** Pages and API routes only admins reach (with personal sign-in; without it the one shared user runs the playground). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/api/admin' || pathname.startsWith('/api/admin/');
}

export interface AccessInput {
  method: string;
  pathname: string;
  /** The Origin header, or null when absent. */
  origin: string | null;
  /** Origins this app answers on (request origin, Host-based origin, PLAYGROUND_PUBLIC_URL). */
  ownOrigins: readonly string[];
  /** A sign-in is configured (an access token or OpenID Connect). */
  isSignInRequired: boolean;
  /** Asked only when the path needs a session: who this request's live session belongs to, or null. */
  readActor: () => Promise<Actor | null>;
}

export type AccessDecision = 'allow' | 'login' | 'unauthorized' | 'forbidden' | 'cross-origin';

export async function decideAccess(input: AccessInput): Promise<AccessDecision> {
  const method = input.method.toUpperCase();
  if (STATE_CHANGING.has(method) && input.origin !== null && !isOriginCheckExempt(method, input.pathname) && !input.ownOrigins.includes(input.origin)) {
    return 'cross-origin';
  }
  if (!input.isSignInRequired || isOpenPath(method, input.pathname)) return 'allow';
  const actor = await input.readActor();
  if (!actor) return input.pathname === '/api' || input.pathname.startsWith('/api/') ? 'unauthorized' : 'login';
  if (isAdminPath(input.pathname) && actor.kind === 'user' && !actor.user.isAdmin) return 'forbidden';
  return 'allow';
}

/** Where to go after signing in: only a plain path on this site (no scheme, host, backslash, tab or other control character). */
export function safeNextPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw === '/login') return '/';
  // Browsers drop tabs and newlines and read a backslash as a slash, so '/\t/evil.com' or '/\\evil.com' would leave the site.
  const hasUnsafeCharacter = [...raw].some((character) => character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
  if (hasUnsafeCharacter) return '/';
  return new URL(raw, 'http://playground.invalid').origin === 'http://playground.invalid' ? raw : '/';
}
