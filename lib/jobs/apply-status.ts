// A status learned outside the proxy (a poll by the refresher, a cancel or a track on the jobs page, a signed webhook): the job row, the request history and the chain index all take it, under the run id.
import 'server-only';
import { resolveResponseId, updateSeenStatus } from '@/lib/chains/index-store';
import type { Db } from '@/lib/db/open';
import { updateHistoryStatus } from '@/lib/history/store';
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
