// A status learned outside the proxy (a poll by the refresher, a cancel on the jobs page, a signed webhook): the job row, the request history and the chain index all take it.
import 'server-only';
import { updateSeenStatus } from '@/lib/chains/index-store';
import type { Db } from '@/lib/db/open';
import { updateHistoryStatus } from '@/lib/history/store';
import { applyJobStatus, type JobStatusSource } from './store';

/**
 * True when the job row changed. The history and chain index are updated even when it did not (the job may have
 * moved on a path that did not record them); both only move forward, so a repeat or a late earlier status is ignored.
 */
export async function applyResponseStatus(db: Db, responseId: string, status: string, source: JobStatusSource, now = new Date()): Promise<boolean> {
  const changed = await applyJobStatus(db, responseId, status, source, now);
  await updateHistoryStatus(db, responseId, status);
  await updateSeenStatus(db, responseId, status);
  return changed;
}
