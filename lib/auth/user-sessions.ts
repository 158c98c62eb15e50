// Personal sessions in the database: sign-ins under way, the people signed in, their sessions, the refresh claim, and ending sessions.
import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, lt, lte, or, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { authLogins, authSessions, authUsers } from '@/lib/db/schema';
import type { ProviderTokens } from './oidc-client';

const LOGIN_TTL_MS = 10 * 60 * 1000;
/** How often a session's last-seen time is written (not on every request). */
const LAST_SEEN_EVERY_MS = 60_000;

export async function saveLogin(db: Db, login: { state: string; codeVerifier: string; nonce: string; nextPath: string }, nowMs = Date.now()): Promise<void> {
  await db.delete(authLogins).where(lte(authLogins.expiresAt, new Date(nowMs)));
  await db.insert(authLogins).values({ ...login, expiresAt: new Date(nowMs + LOGIN_TTL_MS) });
}

/** The sign-in started with this state, removed as it is read (a code can be redeemed once), or null when unknown or expired. */
export async function takeLogin(db: Db, state: string, nowMs = Date.now()) {
  const [row] = await db.delete(authLogins).where(eq(authLogins.state, state)).returning();
  return row && row.expiresAt.getTime() > nowMs ? row : null;
}

/** What the admin page shows and ends a session by: never the id itself, which is half of a cookie. */
export function handleOf(sessionId: string): string {
  return createHash('sha256').update(`session-handle:${sessionId}`).digest('base64url').slice(0, 22);
}

export async function saveUser(db: Db, claims: Record<string, unknown>, nowMs = Date.now()): Promise<void> {
  const id = String(claims.sub);
  const email = typeof claims.email === 'string' ? claims.email : null;
  const name = typeof claims.name === 'string' ? claims.name : null;
  await db
    .insert(authUsers)
    .values({ id, email, name, claims, lastSignInAt: new Date(nowMs) })
    .onConflictDoUpdate({ target: authUsers.id, set: { email, name, claims, lastSignInAt: new Date(nowMs) } });
}

export interface NewUserSession {
  id: string;
  userId: string;
  expiresAtMs: number;
  userAgent: string | null;
  tokens: ProviderTokens;
}

export async function openUserSession(db: Db, session: NewUserSession, nowMs = Date.now()): Promise<void> {
  const now = new Date(nowMs);
  await db.delete(authSessions).where(lte(authSessions.expiresAt, now));
  await db.insert(authSessions).values({
    id: session.id,
    handle: handleOf(session.id),
    userId: session.userId,
    expiresAt: new Date(session.expiresAtMs),
    userAgent: session.userAgent?.slice(0, 300) ?? null,
    refreshToken: session.tokens.refreshToken,
    accessToken: session.tokens.accessToken,
    accessTokenExpiresAt: session.tokens.accessTokenExpiresAt,
    checkedAt: now,
    lastSeenAt: now,
  });
}

export type UserSessionRow = typeof authSessions.$inferSelect & { claims: Record<string, unknown> };

/** A live personal session with its user's latest claims, in one query; null when signed out, ended or expired. */
export async function readUserSession(db: Db, id: string, nowMs = Date.now()): Promise<UserSessionRow | null> {
  const [row] = await db
    .select({ session: authSessions, claims: authUsers.claims })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, new Date(nowMs))));
  return row ? { ...row.session, claims: row.claims as Record<string, unknown> } : null;
}

/**
 * Takes the refresh of a session whose check is older than `dueBefore` for this caller: one request on one instance
 * asks the provider (a rotated refresh token must not be spent twice); false when another took it or it is not due.
 */
export async function claimRefresh(db: Db, id: string, dueBefore: Date, nowMs = Date.now()): Promise<boolean> {
  const claimed = await db
    .update(authSessions)
    .set({ checkedAt: new Date(nowMs) })
    .where(and(eq(authSessions.id, id), or(isNull(authSessions.checkedAt), lt(authSessions.checkedAt, dueBefore))))
    .returning({ id: authSessions.id });
  return claimed.length > 0;
}

/** What the provider said at a refresh: new tokens on the session, the latest claims on the user. */
export async function saveRefresh(db: Db, session: { id: string; userId: string; claims: Record<string, unknown> }, tokens: ProviderTokens): Promise<void> {
  await db
    .update(authSessions)
    .set({ refreshToken: tokens.refreshToken, accessToken: tokens.accessToken, accessTokenExpiresAt: tokens.accessTokenExpiresAt })
    .where(eq(authSessions.id, session.id));
  const claims: Record<string, unknown> = { ...session.claims, ...tokens.claims, sub: session.userId };
  await db
    .update(authUsers)
    .set({ claims, email: typeof claims.email === 'string' ? claims.email : null, name: typeof claims.name === 'string' ? claims.name : null })
    .where(eq(authUsers.id, session.userId));
}

/** Writes the last-seen time when it is more than a minute old (one write a minute per session, not one per request). */
export async function touchSession(db: Db, row: Pick<UserSessionRow, 'id' | 'lastSeenAt'>, nowMs = Date.now()): Promise<void> {
  if (row.lastSeenAt && nowMs - row.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await db.update(authSessions).set({ lastSeenAt: new Date(nowMs) }).where(eq(authSessions.id, row.id));
}

export async function endSessionById(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** Ends the session an admin picked by its handle; false when there was none. */
export async function endSessionByHandle(db: Db, handle: string): Promise<boolean> {
  const ended = await db.delete(authSessions).where(eq(authSessions.handle, handle)).returning({ id: authSessions.id });
  return ended.length > 0;
}

export interface SessionListing {
  handle: string;
  userId: string;
  email: string | null;
  name: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  checkedAt: string | null;
  expiresAt: string;
}

/** Every live personal session, most recently seen first. */
export async function listUserSessions(db: Db, nowMs = Date.now()): Promise<SessionListing[]> {
  const rows = await db
    .select({ session: authSessions, email: authUsers.email, name: authUsers.name })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(and(isNotNull(authSessions.userId), gt(authSessions.expiresAt, new Date(nowMs))))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt))
    .limit(500);
  return rows.map(({ session, email, name }) => ({
    handle: session.handle ?? handleOf(session.id),
    userId: session.userId ?? '',
    email,
    name,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt?.toISOString() ?? null,
    checkedAt: session.checkedAt?.toISOString() ?? null,
    expiresAt: session.expiresAt.toISOString(),
  }));
}
