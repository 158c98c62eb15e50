// Whether a capture hears from the gateway: the latest background run sent through the playground that named it, and
// whether a delivery came since. A minute of silence says the gateway may not support webhooks.
import 'server-only';
import { inArray, max } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { webhookDeliveries } from '@/lib/db/schema';
import { listBackgroundWebhookRuns } from '@/lib/history/store';

/** How long after a background run names a capture its silence counts (the local gateway delivers within seconds). */
export const WEBHOOK_SILENCE_MS = 60_000;
/** A first delivery can arrive before its run is in the history (written after the gateway's reply). */
const EARLY_DELIVERY_MS = 10_000;

export type CaptureWatchVerdict = 'no_runs' | 'waiting' | 'delivered' | 'silent';

export interface CaptureWatch {
  /** The latest background run sent through the playground whose webhook_url names this capture. */
  lastRun: { responseId: string; sentAt: string } | null;
  /** The newest delivery this capture received, whichever run it names. */
  lastDeliveryAt: string | null;
  verdict: CaptureWatchVerdict;
  /** When the server looked: the verdict is as of then. */
  checkedAt: string;
}

/**
 * The capture id a webhook_url names: its path ends in `/api/webhooks/{id}` (a tunnel's origin in front of the
 * playground included); null for any other URL.
 */
export function captureIdOfUrl(webhookUrl: string): string | null {
  let path: string;
  try {
    path = new URL(webhookUrl).pathname;
  } catch {
    return null;
  }
  const match = /\/api\/webhooks\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export function judgeCaptureWatch(lastRunAt: Date | null, lastDeliveryAt: Date | null, now: Date): CaptureWatchVerdict {
  if (!lastRunAt) return 'no_runs';
  if (lastDeliveryAt && lastDeliveryAt.getTime() >= lastRunAt.getTime() - EARLY_DELIVERY_MS) return 'delivered';
  return now.getTime() - lastRunAt.getTime() < WEBHOOK_SILENCE_MS ? 'waiting' : 'silent';
}

/** The watch of each capture in `captureIds`, from the recent history and one grouped read of the deliveries. */
export async function readCaptureWatches(db: Db, captureIds: readonly string[], now = new Date()): Promise<Map<string, CaptureWatch>> {
  const watches = new Map<string, CaptureWatch>();
  if (captureIds.length === 0) return watches;
  const wanted = new Set(captureIds);
  const lastRuns = new Map<string, { responseId: string; sentAt: Date }>();
  for (const run of await listBackgroundWebhookRuns(db)) {
    const captureId = captureIdOfUrl(run.webhookUrl);
    if (captureId && wanted.has(captureId) && !lastRuns.has(captureId)) lastRuns.set(captureId, { responseId: run.responseId, sentAt: run.sentAt });
  }
  const newest = await db
    .select({ captureId: webhookDeliveries.captureId, at: max(webhookDeliveries.receivedAt) })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.captureId, [...wanted]))
    .groupBy(webhookDeliveries.captureId);
  const lastDeliveries = new Map(newest.map((row) => [row.captureId, row.at ? new Date(row.at) : null]));
  for (const captureId of wanted) {
    const run = lastRuns.get(captureId) ?? null;
    const lastDeliveryAt = lastDeliveries.get(captureId) ?? null;
    watches.set(captureId, {
      lastRun: run ? { responseId: run.responseId, sentAt: run.sentAt.toISOString() } : null,
      lastDeliveryAt: lastDeliveryAt?.toISOString() ?? null,
      verdict: judgeCaptureWatch(run?.sentAt ?? null, lastDeliveryAt, now),
      checkedAt: now.toISOString(),
    });
  }
  return watches;
}
