// Access control rules as pure functions: signed session cookies, which paths need a session, and the same-origin rule.
import 'server-only';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

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

/** A cookie value `<session id>.<expiry, unix s>.<HMAC>`; stateless, valid until expiry or a token change. */
export function signSession(token: string, nowMs: number = Date.now(), sessionId: string = randomUUID()): string {
  const payload = `${sessionId}.${Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS}`;
  return `${payload}.${mac(token, payload)}`;
}

export function verifySession(value: string | undefined | null, token: string, nowMs: number = Date.now()): boolean {
  if (!value) return false;
  const parts = value.split('.');
  if (parts.length !== 3) return false;
  const [sessionId, expiry, signature] = parts as [string, string, string];
  if (!sessionId || !/^\d+$/.test(expiry)) return false;
  if (!equalInConstantTime(signature, mac(token, `${sessionId}.${expiry}`))) return false;
  return Number(expiry) * 1000 > nowMs;
}

export function isTokenCorrect(candidate: string, token: string): boolean {
  return equalInConstantTime(candidate, token);
}

/** Reachable without a session: health, the sign-in page and API, webhook deliveries and the local gateway (own bearer keys). */
export function isOpenPath(method: string, pathname: string): boolean {
  if (pathname === '/api/health' || pathname === '/login' || pathname === '/api/session') return true;
  if (pathname === '/api/v1/llm' || pathname.startsWith('/api/v1/llm/')) return true;
  if (pathname.startsWith('/_next/') || pathname === '/favicon.ico') return true;
  return method === 'POST' && /^\/api\/webhooks\/[^/]+$/.test(pathname);
}

/** Callers that are not browsers on this origin: the gateway's webhook deliveries and the local gateway's clients. */
export function isOriginCheckExempt(method: string, pathname: string): boolean {
  if (pathname === '/api/v1/llm' || pathname.startsWith('/api/v1/llm/')) return true;
  return method === 'POST' && /^\/api\/webhooks\/[^/]+$/.test(pathname);
}

export interface AccessInput {
  method: string;
  pathname: string;
  /** The Origin header, or null when absent. */
  origin: string | null;
  /** Origins this app answers on (request origin, Host-based origin, PLAYGROUND_PUBLIC_URL). */
  ownOrigins: readonly string[];
  accessToken: string | undefined;
  sessionCookie: string | undefined;
  nowMs?: number;
}

export type AccessDecision = 'allow' | 'login' | 'unauthorized' | 'cross-origin';

export function decideAccess(input: AccessInput): AccessDecision {
  const method = input.method.toUpperCase();
  if (STATE_CHANGING.has(method) && input.origin !== null && !isOriginCheckExempt(method, input.pathname) && !input.ownOrigins.includes(input.origin)) {
    return 'cross-origin';
  }
  if (!input.accessToken || isOpenPath(method, input.pathname)) return 'allow';
  if (verifySession(input.sessionCookie, input.accessToken, input.nowMs)) return 'allow';
  return input.pathname === '/api' || input.pathname.startsWith('/api/') ? 'unauthorized' : 'login';
}

/** Where to go after signing in: only a local path, never another site. */
export function safeNextPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw === '/login') return '/';
  return raw;
}
