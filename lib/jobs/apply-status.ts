// A status learned outside the proxy (a poll by the refresher, a cancel or a track on the jobs page, a signed webhook): the job row, the request history and the chain index all take it.
import 'server-only';
import { updateSeenStatus } from '@/lib/chains/index-store';
import type { Db } from '@/lib/db/open';
import { updateHistoryStatus } from '@/lib/history/store';
import { applyJobStatus, type JobStatusSource } from './store';

/** The history entries and the chain index entry of a response take `status` when it is further along (both only move forward). */
export async function applyRecordedStatus(db: Db, responseId: string, status: string): Promise<void> {
  await updateHistoryStatus(db, responseId, status);
  await updateSeenStatus(db, responseId, status);
}

/**
 * True when the job row changed. The history and chain index are updated even when it did not (the job may have
 * moved on a path that did not record them); a repeat or a late earlier status changes nothing there.
 */
export async function applyResponseStatus(db: Db, responseId: string, status: string, source: JobStatusSource, now = new Date()): Promise<boolean> {
  const changed = await applyJobStatus(db, responseId, status, source, now);
  await applyRecordedStatus(db, responseId, status);
  return changed;
}
