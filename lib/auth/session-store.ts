// Sign-in sessions kept in the database: a signed cookie is honoured only while its row exists, so sign-out ends it everywhere and a restart keeps it.
import 'server-only';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { authSessions } from '@/lib/db/schema';

export async function saveSession(db: Db, id: string, expiresAtMs: number, nowMs: number = Date.now()): Promise<void> {
  await db.delete(authSessions).where(lte(authSessions.expiresAt, new Date(nowMs)));
  await db.insert(authSessions).values({ id, expiresAt: new Date(expiresAtMs) });
}

export async function isSessionActive(db: Db, id: string, nowMs: number = Date.now()): Promise<boolean> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, new Date(nowMs))));
  return rows.length > 0;
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}
