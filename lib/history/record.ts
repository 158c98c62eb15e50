// Recording every request sent through the proxy into the searchable history (contract used by lib/gateway).
import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { insertHistoryEntry, updateHistoryStatus } from './store';

export interface SentRequest {
  ownerId?: string | null;
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  responseId: string | null;
  status: string | null;
}

export async function recordSentRequest(entry: SentRequest, db?: Db): Promise<void> {
  await insertHistoryEntry(db ?? (await getDb()), entry);
}

/** A later status of the response a sent request created (final or further along); earlier statuses are ignored. */
export async function recordSentRequestStatus(responseId: string, status: string, db?: Db): Promise<void> {
  await updateHistoryStatus(db ?? (await getDb()), responseId, status);
}
