// Stored webhook deliveries: their shapes and caps, and reading them per capture, per response, or unmatched (`store.ts` writes them).
import 'server-only';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { SHARED_VIEWER, visibleTo, withOwner, type Viewer } from '@/lib/db/owner';
import { jobs, webhookCaptures, webhookDeliveries } from '@/lib/db/schema';
import { readDeliveryEvent } from './event';
import type { SignatureExplanation } from './explain';
import type { SnakeCased } from '@/lib/http/snake-case';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
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

/** What storing a delivery tells its sender: its id, and whether it repeats an earlier valid one (`store.ts` writes them). */
export interface StoredDelivery {
  id: number;
  webhookId: string | null;
  duplicate: boolean;
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
