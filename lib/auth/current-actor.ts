// Who a request acts for: its session read once per request (the guard also asks the provider when a refresh is due).
import 'server-only';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { signInMode, type Env } from '@/lib/env-schema';
import { z } from 'zod';
import type { Viewer } from '@/lib/db/owner';
import { ApiError, ownerViewSchema, parseOrThrow, type OwnerView } from '@/lib/schema';
import { readCookieValue, readSessionId, SESSION_COOKIE } from './access';
import { describeUser, isAllowedUser, SHARED_ACTOR, viewerOf, type Actor, type SignedInUser } from './identity';
import { getInstallSecret, randomSecret } from './install-secrets';
import { refreshWithProvider } from './oidc-client';
import { isSessionActive } from './session-store';
import { claimRefresh, endSessionById, readUserSession, saveRefresh, touchSession, type UserSessionRow } from './user-sessions';

const SIGNING_SECRET_NAME = 'session_signing_key';

/** What signs session cookies: the access token (changing it ends every session), or with personal sign-in a secret kept in the database. */
export function sessionSigningSecret(env: Env): Promise<string> {
  if (env.PLAYGROUND_ACCESS_TOKEN) return Promise.resolve(env.PLAYGROUND_ACCESS_TOKEN);
  return getInstallSecret(getDb, SIGNING_SECRET_NAME, () => randomSecret());
}

export interface ReadActorOptions {
  /** Ask the provider when the session's check is older than OIDC_REFRESH_SECONDS (the guard does; routes after it need not). */
  refresh?: boolean;
}

/** The session id a cookie value carries when it is signed for this install and unexpired, else null. */
export async function readSessionCookie(cookieValue: string | undefined, env: Env = getEnv()): Promise<string | null> {
  if (!cookieValue) return null;
  return readSessionId(cookieValue, await sessionSigningSecret(env));
}

/** A refresh that is due, done by whichever request claims it first; returns the claims to use, or null when the session ended. */
async function refreshIfDue(env: Env, row: UserSessionRow): Promise<Record<string, unknown> | null> {
  const nowMs = Date.now();
  const dueBefore = new Date(nowMs - env.OIDC_REFRESH_SECONDS * 1000);
  if (row.checkedAt && row.checkedAt > dueBefore) return row.claims;
  const db = await getDb();
  if (!(await claimRefresh(db, row.id, dueBefore, nowMs))) return row.claims;
  const userId = row.userId ?? '';
  const outcome = await refreshWithProvider(env, { userId, refreshToken: row.refreshToken, accessToken: row.accessToken, accessTokenExpiresAt: row.accessTokenExpiresAt });
  if (outcome.kind === 'gone') {
    await endSessionById(db, row.id);
    console.warn(`[auth] session ended at refresh: the provider refused (${outcome.reason}) user=${userId}`);
    return null;
  }
  if (outcome.kind === 'unknown') {
    console.warn(`[auth] session kept, the provider could not say (${outcome.reason}) user=${userId}`);
    return row.claims;
  }
  await saveRefresh(db, { id: row.id, userId, claims: row.claims }, outcome.tokens);
  return { ...row.claims, ...outcome.tokens.claims, sub: userId };
}

async function readUser(env: Env, sessionId: string, options: ReadActorOptions): Promise<SignedInUser | null> {
  const db = await getDb();
  const row = await readUserSession(db, sessionId);
  if (!row || !row.userId) return null;
  const claims = options.refresh ? await refreshIfDue(env, row) : row.claims;
  if (!claims) return null;
  const user = describeUser(claims, env, row.handle ?? '');
  if (!isAllowedUser(user, env)) {
    // PLAYGROUND_USERS changed, or the provider's groups did: the session ends with the permission.
    await endSessionById(db, row.id);
    return null;
  }
  touchSession(db, row).catch(() => undefined);
  return user;
}

/** The actor of a session cookie value: the signed-in user, `shared` without personal sign-in, or null when the cookie opens nothing. */
export async function readActorFromCookie(cookieValue: string | undefined, options: ReadActorOptions = {}): Promise<Actor | null> {
  const env = getEnv();
  const mode = signInMode(env);
  if (mode === 'none') return SHARED_ACTOR;
  const sessionId = await readSessionCookie(cookieValue, env);
  if (!sessionId) return null;
  if (mode === 'token') return (await isSessionActive(await getDb(), sessionId)) ? SHARED_ACTOR : null;
  const user = await readUser(env, sessionId, options);
  return user ? { kind: 'user', user } : null;
}

export function readActor(request: Request, options: ReadActorOptions = {}): Promise<Actor | null> {
  return readActorFromCookie(readCookieValue(request.headers.get('cookie'), SESSION_COOKIE), options);
}

/**
 * The actor a route behind the guard acts for; 401 when the session ended between the guard and the route. Without
 * personal sign-in everyone is the shared user and the guard has checked the session, so nothing is read again.
 */
export async function requireActor(request: Request): Promise<Actor> {
  if (signInMode(getEnv()) !== 'oidc') return SHARED_ACTOR;
  const actor = await readActor(request);
  if (!actor) throw new ApiError(401, 'Your session has ended; sign in again.', { type: 'authentication_error', code: 'session_required' });
  return actor;
}

/** Whose data a route reads and writes: the signed-in user's, or everything (the shared playground). */
export async function requireViewer(request: Request): Promise<Viewer> {
  return viewerOf(await requireActor(request));
}

/** Which list a route shows (?view=mine|team|all; mine by default); 400 naming `view` otherwise. */
export function readOwnerView(request: Request): OwnerView {
  return parseOrThrow(z.object({ view: ownerViewSchema }), { view: new URL(request.url).searchParams.get('view') ?? undefined }).view;
}

/** An admin a route needs: with personal sign-in one named by PLAYGROUND_ADMINS (403 for anyone else); without it the one shared user. */
export async function requireAdmin(request: Request): Promise<Actor> {
  const actor = await requireActor(request);
  if (actor.kind === 'user' && !actor.user.isAdmin) {
    throw new ApiError(403, 'Only admins (PLAYGROUND_ADMINS) may do this.', { type: 'permission_error', code: 'admin_required' });
  }
  return actor;
}
