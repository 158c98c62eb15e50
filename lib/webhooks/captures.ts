// Webhook captures: create one with a random secret and its public URL, read it (with whether the gateway delivers), list them, set its scripted answer.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { changeableBy, ownershipOf, SHARED_VIEWER, visibleTo, withOwner, type Ownership, type OwnerView, type Viewer } from '@/lib/db/owner';
import { webhookCaptures, webhookDeliveries } from '@/lib/db/schema';
import type { SnakeCased } from '@/lib/http/snake-case';
import { DEFAULT_CAPTURE_CAPS, readCaptureUsage, type CaptureCaps } from './deliveries';
import { readCaptureWatches, type CaptureWatch } from './watch';

export type CaptureRow = typeof webhookCaptures.$inferSelect;

export interface CaptureView extends Ownership {
  id: string;
  url: string;
  secret: string;
  answerStatus: number | null;
  answerDelayMs: number | null;
  createdAt: string;
  deliveryCount: number;
  /** Bytes of the stored delivery bodies. */
  storedBytes: number;
  /** The newest deliveries kept: at most this many and this many bytes; older ones are evicted. */
  maxDeliveries: number;
  maxBytes: number;
  /** Whether the gateway delivered since the latest background run that named this capture. */
  watch: CaptureWatch;
}

interface CaptureUsage {
  deliveries: number;
  bytes: number;
}

export function captureUrl(publicOrigin: string, id: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/api/webhooks/${encodeURIComponent(id)}`;
}

export async function createCapture(db: Db, publicOrigin: string, viewer: Viewer = SHARED_VIEWER): Promise<{ id: string; url: string; secret: string }> {
  const id = `cap_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await db.insert(webhookCaptures).values({ id, secret, ownerId: viewer.ownerId });
  return { id, url: captureUrl(publicOrigin, id), secret };
}

/** A capture by id; with a viewer, only one they may see (the receiver, which senders reach without signing in, reads any). */
export async function getCapture(db: Db, id: string, viewer: Viewer = SHARED_VIEWER): Promise<CaptureRow | null> {
  const [row] = await db.select().from(webhookCaptures).where(withOwner(eq(webhookCaptures.id, id), visibleTo(webhookCaptures, viewer)));
  return row ?? null;
}

function toView(row: CaptureRow, publicOrigin: string, usage: CaptureUsage, caps: CaptureCaps, viewer: Viewer, watch: CaptureWatch): CaptureView {
  return {
    ...ownershipOf(row, viewer),
    id: row.id,
    url: captureUrl(publicOrigin, row.id),
    secret: row.secret,
    answerStatus: row.answerStatus,
    answerDelayMs: row.answerDelayMs,
    createdAt: row.createdAt.toISOString(),
    deliveryCount: usage.deliveries,
    storedBytes: usage.bytes,
    maxDeliveries: caps.maxDeliveries,
    maxBytes: caps.maxBytes,
    watch,
  };
}

export async function listCaptures(db: Db, publicOrigin: string, caps: CaptureCaps = DEFAULT_CAPTURE_CAPS, viewer: Viewer = SHARED_VIEWER, view: OwnerView = 'all'): Promise<CaptureView[]> {
  const rows = await db.select().from(webhookCaptures).where(visibleTo(webhookCaptures, viewer, view)).orderBy(desc(webhookCaptures.createdAt)).limit(100);
  const totals = await db
    .select({ captureId: webhookDeliveries.captureId, deliveries: count(), bytes: sql<string>`coalesce(sum(octet_length(${webhookDeliveries.body})), 0)` })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.captureId);
  const byCapture = new Map(totals.map((row) => [row.captureId, { deliveries: Number(row.deliveries), bytes: Number(row.bytes) }]));
  const watches = await readCaptureWatches(db, rows.map((row) => row.id));
  return rows.map((row) => toView(row, publicOrigin, byCapture.get(row.id) ?? { deliveries: 0, bytes: 0 }, caps, viewer, watches.get(row.id)!));
}

export async function describeCapture(db: Db, id: string, publicOrigin: string, caps: CaptureCaps = DEFAULT_CAPTURE_CAPS, viewer: Viewer = SHARED_VIEWER): Promise<CaptureView | null> {
  const row = await getCapture(db, id, viewer);
  if (!row) return null;
  const watches = await readCaptureWatches(db, [id]);
  return toView(row, publicOrigin, await readCaptureUsage(db, id), caps, viewer, watches.get(id)!);
}

/** null clears a setting (answer by the verdict, without delay); `shared` shows it to the team. null when `viewer` may not change it. */
export async function updateCapture(
  db: Db,
  id: string,
  change: { answerStatus?: number | null; answerDelayMs?: number | null; shared?: boolean },
  viewer: Viewer = SHARED_VIEWER,
): Promise<CaptureRow | null> {
  const [row] = await db.update(webhookCaptures).set(change).where(withOwner(eq(webhookCaptures.id, id), changeableBy(webhookCaptures, viewer))).returning();
  return row ?? null;
}

/** A capture as the webhooks API sends it. */
export type CaptureReply = SnakeCased<CaptureView>;
