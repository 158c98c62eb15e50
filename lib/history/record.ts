// Recording every request sent through the proxy into the searchable history (contract used by lib/gateway).
import 'server-only';
import { getDb, holdsWrites, writeGatherMs, type Db } from '@/lib/db';
import { createWriteBatcher } from '@/lib/db/batch';
import { insertHistoryEntries, insertHistoryEntry, updateHistoryStatus, updateHistoryStatuses } from './store';

export interface SentRequest {
  ownerId?: string | null;
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  responseId: string | null;
  status: string | null;
}

// Runs proxied at the same time are recorded together: one statement for all of them.
const inserts = createWriteBatcher<SentRequest, void>(async (entries) => {
  await insertHistoryEntries(await getDb(), entries);
  return [];
}, { gatherMs: writeGatherMs, holdWhile: holdsWrites });
const statuses = createWriteBatcher<{ id: string; status: string }, void>(async (updates) => {
  await updateHistoryStatuses(await getDb(), updates);
  return [];
}, { gatherMs: writeGatherMs, holdWhile: holdsWrites });

/** Queued by response id, so that a status of that response waits for its row (`recordSentRequestStatus`). */
export async function recordSentRequest(entry: SentRequest, db?: Db): Promise<void> {
  if (db) return void (await insertHistoryEntry(db, entry));
  await inserts.add(entry, entry.responseId);
}

/**
 * A later status of the response a sent request created (final or further along); earlier statuses are ignored. An entry
 * of it still being gathered (up to writeGatherMs) is written first.
 */
export async function recordSentRequestStatus(responseId: string, status: string, db?: Db): Promise<void> {
  if (db) return void (await updateHistoryStatus(db, responseId, status));
  await inserts.whenWritten(responseId);
  await statuses.add({ id: responseId, status });
}
