// A status learned outside the proxy (a poll by the refresher, a cancel or a track on the jobs page, a signed webhook): the job row, the request history and the chain index all take it, under the run id.
import 'server-only';
import { inArray } from 'drizzle-orm';
import { resolveResponseId, resolveResponseIds, updateSeenStatus, updateSeenStatuses } from '@/lib/chains/index-store';
import type { Db } from '@/lib/db/open';
import { jobs } from '@/lib/db/schema';
import { updateHistoryStatus, updateHistoryStatuses } from '@/lib/history/store';
import { applyJobStatus, type JobStatusSource } from './store';

/**
 * The history entries and the chain index entry of a response take `status` when it is further along (both only move
 * forward). `responseId` may be an alias (a webhook or a tracked id naming the response otherwise): it is resolved once.
 */
export async function applyRecordedStatus(db: Db, responseId: string, status: string): Promise<void> {
  await recordUnder(db, await resolveResponseId(db, responseId), status);
}

async function recordUnder(db: Db, runId: string, status: string): Promise<void> {
  await updateHistoryStatus(db, runId, status);
  await updateSeenStatus(db, runId, status);
}

/**
 * True when the job row changed. The history and chain index are updated even when it did not (the job may have
 * moved on a path that did not record them); a repeat or a late earlier status changes nothing there.
 */
export async function applyResponseStatus(db: Db, responseId: string, status: string, source: JobStatusSource, now = new Date()): Promise<boolean> {
  const runId = await resolveResponseId(db, responseId);
  const changed = await applyJobStatus(db, runId, status, source, now);
  await recordUnder(db, runId, status);
  return changed;
}

export interface LearnedStatus {
  responseId: string;
  status: string;
  at: Date;
}

/**
 * applyResponseStatus for several statuses at once (a batch of webhook deliveries): each job's in arrival order (its
 * timeline gets every step), then the history and the chain index in one statement each. Returns, per status, whether
 * its job changed.
 */
export async function applyResponseStatuses(db: Db, learned: readonly LearnedStatus[], source: JobStatusSource): Promise<boolean[]> {
  if (learned.length === 0) return [];
  // An id may be an alias of the run: all are resolved in one lookup, then everything goes to the run ids.
  const runIds = await resolveResponseIds(db, learned.map((entry) => entry.responseId));
  const updates = learned.map((entry) => ({ id: runIds.get(entry.responseId) ?? entry.responseId, status: entry.status }));
  const ids = [...new Set(updates.map((update) => update.id))];
  const jobIds = new Set((await db.select({ responseId: jobs.responseId }).from(jobs).where(inArray(jobs.responseId, ids))).map((row) => row.responseId));
  const changed: boolean[] = [];
  for (const [at, update] of updates.entries()) {
    changed.push(jobIds.has(update.id) ? await applyJobStatus(db, update.id, update.status, source, learned[at]!.at) : false);
  }
  await updateHistoryStatuses(db, updates);
  await updateSeenStatuses(db, updates);
  return changed;
}
