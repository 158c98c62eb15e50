// Webhook captures: create one with a random secret and its public URL, read it, list them, set its scripted answer.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { webhookCaptures, webhookDeliveries } from '@/lib/db/schema';
import type { SnakeCased } from '@/lib/http/snake-case';

export type CaptureRow = typeof webhookCaptures.$inferSelect;

export interface CaptureView {
  id: string;
  url: string;
  secret: string;
  answerStatus: number | null;
  answerDelayMs: number | null;
  createdAt: string;
  deliveryCount: number;
}

export function captureUrl(publicOrigin: string, id: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/api/webhooks/${encodeURIComponent(id)}`;
}

export async function createCapture(db: Db, publicOrigin: string): Promise<{ id: string; url: string; secret: string }> {
  const id = `cap_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await db.insert(webhookCaptures).values({ id, secret });
  return { id, url: captureUrl(publicOrigin, id), secret };
}

export async function getCapture(db: Db, id: string): Promise<CaptureRow | null> {
  const [row] = await db.select().from(webhookCaptures).where(eq(webhookCaptures.id, id));
  return row ?? null;
}

function toView(row: CaptureRow, publicOrigin: string, deliveryCount: number): CaptureView {
  return {
    id: row.id,
    url: captureUrl(publicOrigin, row.id),
    secret: row.secret,
    answerStatus: row.answerStatus,
    answerDelayMs: row.answerDelayMs,
    createdAt: row.createdAt.toISOString(),
    deliveryCount,
  };
}

export async function listCaptures(db: Db, publicOrigin: string): Promise<CaptureView[]> {
  const rows = await db.select().from(webhookCaptures).orderBy(desc(webhookCaptures.createdAt)).limit(100);
  const counts = await db
    .select({ captureId: webhookDeliveries.captureId, total: count() })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.captureId);
  const byCapture = new Map(counts.map((row) => [row.captureId, Number(row.total)]));
  return rows.map((row) => toView(row, publicOrigin, byCapture.get(row.id) ?? 0));
}

export async function describeCapture(db: Db, id: string, publicOrigin: string): Promise<CaptureView | null> {
  const row = await getCapture(db, id);
  if (!row) return null;
  const [total] = await db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, id));
  return toView(row, publicOrigin, Number(total?.total ?? 0));
}

/** null clears a setting (answer by the verdict, without delay). */
export async function updateCaptureAnswer(
  db: Db,
  id: string,
  answer: { answerStatus?: number | null; answerDelayMs?: number | null },
): Promise<CaptureRow | null> {
  const [row] = await db.update(webhookCaptures).set(answer).where(eq(webhookCaptures.id, id)).returning();
  return row ?? null;
}

/** A capture as the webhooks API sends it. */
export type CaptureReply = SnakeCased<CaptureView>;
