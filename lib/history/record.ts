// Recording every request sent through the proxy into the searchable history (contract used by lib/gateway).
import 'server-only';
import { getDb, writeGatherMs, type Db } from '@/lib/db';
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
}, { gatherMs: writeGatherMs });
const statuses = createWriteBatcher<{ id: string; status: string }, void>(async (updates) => {
  await updateHistoryStatuses(await getDb(), updates);
  return [];
}, { gatherMs: writeGatherMs });

/** Entries queued but not yet written, by response id: a status of that response waits for its row, or its update would find none. */
const unwritten = new Map<string, Promise<void>>();

export async function recordSentRequest(entry: SentRequest, db?: Db): Promise<void> {
  if (db) return void (await insertHistoryEntry(db, entry));
  const written = inserts.add(entry);
  const id = entry.responseId;
  if (id !== null) unwritten.set(id, written);
  try {
    await written;
  } finally {
    if (id !== null && unwritten.get(id) === written) unwritten.delete(id);
  }
}

/**
 * A later status of the response a sent request created (final or further along); earlier statuses are ignored. An entry
 * of it still being gathered (up to writeGatherMs) is written first.
 */
export async function recordSentRequestStatus(responseId: string, status: string, db?: Db): Promise<void> {
  if (db) return void (await updateHistoryStatus(db, responseId, status));
  await unwritten.get(responseId)?.catch(() => undefined);
  await statuses.add({ id: responseId, status });
}
