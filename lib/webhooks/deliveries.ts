// Stored webhook deliveries: insert with duplicate detection within the capture's caps, and read them per capture, per response, or unmatched.
import 'server-only';
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { SHARED_VIEWER, visibleTo, withOwner, type Viewer } from '@/lib/db/owner';
import { jobs, webhookCaptures, webhookDeliveries } from '@/lib/db/schema';
import { readDeliveryEvent } from './event';
import type { SignatureExplanation } from './explain';
import type { SnakeCased } from '@/lib/http/snake-case';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type CaptureRow = typeof webhookCaptures.$inferSelect;
export type NewDelivery = Omit<typeof webhookDeliveries.$inferInsert, 'id' | 'duplicate'>;

const BODY_PREVIEW_BYTES = 64 * 1024;

export interface DeliveryView {
  id: number;
  captureId: string;
  webhookId: string | null;
  receivedAt: string;
  sourceAddress: string | null;
  headers: Record<string, string>;
  bodyText: string;
  isBodyTruncated: boolean;
  bodyLength: number;
  signatureValid: boolean;
  signatureScheme: string | null;
  explanation: SignatureExplanation | null;
  duplicate: boolean;
  responseId: string | null;
  eventType: string | null;
  reportedStatus: string | null;
  eventCreatedAtMs: number | null;
  answeredStatus: number;
}

/** What one capture keeps: the newest deliveries within both bounds (WEBHOOK_CAPTURE_MAX_DELIVERIES, WEBHOOK_CAPTURE_MAX_BYTES). */
export interface CaptureCaps {
  maxDeliveries: number;
  maxBytes: number;
}

export const DEFAULT_CAPTURE_CAPS: CaptureCaps = { maxDeliveries: 500, maxBytes: 32 * 1024 * 1024 };

export async function readCaptureUsage(db: Db, captureId: string): Promise<{ deliveries: number; bytes: number }> {
  const [usage] = await db
    .select({ deliveries: count(), bytes: sql<string>`coalesce(sum(octet_length(${webhookDeliveries.body})), 0)` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.captureId, captureId));
  return { deliveries: Number(usage?.deliveries ?? 0), bytes: Number(usage?.bytes ?? 0) };
}

/**
 * Stores a delivery; a valid one whose X-Webhook-Id an earlier valid delivery to the same capture already carried is
 * stored as a duplicate (a forged or broken delivery never makes the genuine one look repeated). The capture then keeps
 * its newest deliveries within `caps`, the oldest evicted. A delivery whose signature is not valid never evicts: when
 * the capture is full it is not stored and null is returned, so whoever knows only the URL cannot push genuine ones out.
 */
export async function insertDelivery(db: Db, delivery: NewDelivery, caps: CaptureCaps = DEFAULT_CAPTURE_CAPS): Promise<StoredDelivery | null> {
  const [stored] = await insertDeliveries(db, delivery.captureId, [delivery], caps);
  return stored ?? null;
}

/** What storing a delivery tells its sender: its id, and whether it repeats an earlier valid one. */
export interface StoredDelivery {
  id: number;
  webhookId: string | null;
  duplicate: boolean;
}

/**
 * insertDelivery for several deliveries to one capture, in arrival order, in one transaction: the same outcome as
 * storing them one after another (duplicates among them included), in a handful of statements however many there are.
 */
export async function insertDeliveries(db: Db, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps = DEFAULT_CAPTURE_CAPS): Promise<Array<StoredDelivery | null>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${captureLock(captureId)}`);
    return storeInOrder(tx as unknown as Db, captureId, deliveries, caps);
  });
}

/** One capture's inserts and evictions happen one at a time, so its caps hold under concurrent deliveries. */
function captureLock(captureId: string): SQL {
  return sql`pg_advisory_xact_lock(hashtext(${`capture ${captureId}`}))`.mapWith(String);
}

/**
 * The receiver's write: reads the capture and takes its lock in one statement, then stores what `prepare` makes of
 * it (signatures are verified against the secret read here) as insertDeliveries does. No capture: nothing is stored.
 */
export async function storeCaptureDeliveries(
  db: Db,
  captureId: string,
  prepare: (capture: CaptureRow) => NewDelivery[],
  caps: CaptureCaps = DEFAULT_CAPTURE_CAPS,
): Promise<{ capture: CaptureRow; stored: Array<StoredDelivery | null> } | null> {
  return db.transaction(async (tx) => {
    // The lock is evaluated only for the row found, so an unknown capture locks nothing.
    const [found] = await tx.select({ capture: webhookCaptures, lock: captureLock(captureId) }).from(webhookCaptures).where(eq(webhookCaptures.id, captureId));
    if (!found) return null;
    return { capture: found.capture, stored: await storeInOrder(tx as unknown as Db, captureId, prepare(found.capture), caps) };
  });
}

/** Inside the capture's lock. A delivery that is not validly signed may only take room that is free, as it is after each earlier one's eviction: such a batch (rare: forged or misconfigured senders) is stored one by one. */
async function storeInOrder(tx: Db, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps): Promise<Array<StoredDelivery | null>> {
  if (deliveries.some((delivery) => !delivery.signatureValid)) {
    const results: Array<StoredDelivery | null> = [];
    for (const delivery of deliveries) results.push(...(await storeAndEvict(tx, captureId, [delivery], caps)));
    return results;
  }
  return storeAndEvict(tx, captureId, deliveries, caps);
}

/** Inside the capture's lock: stores what fits (in order, duplicates marked), then evicts past the caps. */
async function storeAndEvict(tx: Db, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps): Promise<Array<StoredDelivery | null>> {
  const results: Array<StoredDelivery | null> = deliveries.map(() => null);
  const fits = async (delivery: NewDelivery) => {
    if (delivery.signatureValid) return true;
    const usage = await readCaptureUsage(tx, captureId);
    return usage.deliveries < caps.maxDeliveries && usage.bytes + delivery.body.byteLength <= caps.maxBytes;
  };
  const ids = [...new Set(deliveries.filter((delivery) => delivery.signatureValid && delivery.webhookId).map((delivery) => delivery.webhookId!))];
  const seen = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .selectDistinct({ webhookId: webhookDeliveries.webhookId })
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.captureId, captureId), inArray(webhookDeliveries.webhookId, ids), eq(webhookDeliveries.signatureValid, true)))
        ).map((row) => row.webhookId),
  );
  const accepted: Array<{ at: number; row: NewDelivery & { duplicate: boolean } }> = [];
  for (const [at, delivery] of deliveries.entries()) {
    if (!(await fits(delivery))) continue;
    const duplicate = delivery.signatureValid && !!delivery.webhookId && seen.has(delivery.webhookId);
    if (delivery.signatureValid && delivery.webhookId) seen.add(delivery.webhookId);
    accepted.push({ at, row: { ...delivery, duplicate } });
  }
  if (accepted.length === 0) return results;
  const rows = await tx.insert(webhookDeliveries).values(accepted.map((entry) => entry.row)).returning({ id: webhookDeliveries.id });
  // Serial ids follow the VALUES order, so the returned ids, sorted, line up with what was sent.
  rows.sort((a, b) => a.id - b.id).forEach((row, index) => {
    const { at, row: sent } = accepted[index]!;
    results[at] = { id: row.id, webhookId: sent.webhookId ?? null, duplicate: sent.duplicate };
  });
  // Newest first: the newest stays; past the count or the bytes, the older ones go (the same as after each one in turn).
  await tx.execute(sql`
    DELETE FROM ${webhookDeliveries} WHERE ${webhookDeliveries.id} IN (
      SELECT id FROM (
        SELECT ${webhookDeliveries.id} AS id,
          row_number() OVER (ORDER BY ${webhookDeliveries.id} DESC) AS position,
          sum(octet_length(${webhookDeliveries.body})) OVER (ORDER BY ${webhookDeliveries.id} DESC) AS kept_bytes
        FROM ${webhookDeliveries} WHERE ${eq(webhookDeliveries.captureId, captureId)}
      ) ranked
      WHERE position > 1 AND (position > ${caps.maxDeliveries} OR kept_bytes > ${caps.maxBytes})
    )`);
  return results;
}

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  const body = Buffer.from(row.body);
  const event = readDeliveryEvent(body);
  return {
    id: row.id,
    captureId: row.captureId,
    webhookId: row.webhookId,
    receivedAt: row.receivedAt.toISOString(),
    sourceAddress: row.sourceAddress,
    headers: row.headers as Record<string, string>,
    bodyText: body.subarray(0, BODY_PREVIEW_BYTES).toString('utf8'),
    isBodyTruncated: body.length > BODY_PREVIEW_BYTES,
    bodyLength: body.length,
    signatureValid: row.signatureValid,
    signatureScheme: row.signatureScheme,
    explanation: (row.signatureDetail as SignatureExplanation | null) ?? null,
    duplicate: row.duplicate,
    responseId: row.responseId,
    eventType: row.eventType,
    reportedStatus: event.reportedStatus,
    eventCreatedAtMs: event.eventCreatedAtMs,
    answeredStatus: row.answeredStatus,
  };
}

export async function listCaptureDeliveries(db: Db, captureId: string, limit = 500): Promise<DeliveryRow[]> {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, captureId)).orderBy(desc(webhookDeliveries.id)).limit(limit);
}

export async function listResponseDeliveries(db: Db, responseId: string): Promise<DeliveryRow[]> {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.responseId, responseId)).orderBy(webhookDeliveries.id).limit(1_000);
}

/** The deliveries naming a response as the jobs API shows them (a job's detail and timeline). */
export async function listResponseDeliveryViews(db: Db, responseId: string): Promise<DeliveryView[]> {
  return (await listResponseDeliveries(db, responseId)).map(toDeliveryView);
}

export async function getDelivery(db: Db, captureId: string, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.captureId, captureId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

/** Deliveries whose body names no response, or a response that is not a job, to the captures `viewer` may see. */
export async function listUnmatchedDeliveries(db: Db, limit = 100, viewer: Viewer = SHARED_VIEWER): Promise<DeliveryRow[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .leftJoin(jobs, eq(jobs.responseId, webhookDeliveries.responseId))
    .innerJoin(webhookCaptures, eq(webhookCaptures.id, webhookDeliveries.captureId))
    .where(withOwner(isNull(jobs.responseId), visibleTo(webhookCaptures, viewer)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => row.delivery);
}

/** A delivery as the webhooks and jobs APIs send it. */
export type DeliveryReply = SnakeCased<DeliveryView>;
