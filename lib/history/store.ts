// Sent-request history in the database: insert, search by model, text or response id. Takes the db so tests pass theirs.
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { ilikeText } from '@/lib/db/columns';
import type { Db } from '@/lib/db/open';
import { changeableBy, ownershipOf, SHARED_VIEWER, visibleTo, withOwner, type Ownership, type OwnerView, type Viewer } from '@/lib/db/owner';
import { isStatusAdvance, pickFurthestStatuses, withJobStatus } from '@/lib/db/response-status';
import { encodeText } from '@/lib/db/text-codec';
import { requestHistory } from '@/lib/db/schema';
import { redactCredentials } from '@/lib/schema/credentials';

export interface HistoryEntry extends Ownership {
  id: number;
  model: string | null;
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  responseId: string | null;
  status: string | null;
  createdAt: string;
}

export interface NewHistoryEntry {
  /** Who sent it (null without personal sign-in). */
  ownerId?: string | null;
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  responseId: string | null;
  status: string | null;
}

export const HISTORY_PAGE_SIZE = 50;

function collectText(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((entry) => collectText(entry, out));
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      // Uploaded data (data URLs, base64) is not text anyone searches for.
      if (['image_url', 'file_data', 'data'].includes(key)) continue;
      collectText(entry, out);
    }
  }
}

/** The searchable text of a body: its input text and instructions. */
export function flattenSearchText(body: Record<string, unknown>): string {
  const out: string[] = [];
  collectText(body.input, out);
  if (typeof body.instructions === 'string') out.push(body.instructions);
  return out.join('\n').slice(0, 20_000);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function toEntry(row: typeof requestHistory.$inferSelect, viewer: Viewer): HistoryEntry {
  return {
    ...ownershipOf(row, viewer),
    id: row.id,
    model: row.model,
    // Redacted on the way out too, for entries stored before credentials were redacted at rest.
    body: redactCredentials(row.body as Record<string, unknown>),
    onBehalfOf: row.onBehalfOf,
    responseId: row.responseId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function toHistoryRow(entry: NewHistoryEntry) {
  return {
    model: typeof entry.body.model === 'string' ? entry.body.model : null,
    ownerId: entry.ownerId ?? null,
    body: redactCredentials(entry.body),
    onBehalfOf: entry.onBehalfOf,
    searchText: flattenSearchText(entry.body),
    responseId: entry.responseId,
    // A status a cancel or poll recorded before this entry existed is in the job: the entry starts with it.
    status: withJobStatus(entry.responseId, entry.status),
  };
}

/** Stores a sent request; its credentials (lib/schema/credentials.ts) are kept only as a marker that one was set. */
export async function insertHistoryEntry(db: Db, entry: NewHistoryEntry): Promise<number> {
  const [row] = await db.insert(requestHistory).values(toHistoryRow(entry)).returning({ id: requestHistory.id });
  return row?.id ?? 0;
}

/** insertHistoryEntry for several entries, in one statement and in the order given. */
export async function insertHistoryEntries(db: Db, entries: readonly NewHistoryEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(requestHistory).values(entries.map(toHistoryRow));
}

/**
 * Records a later status of the response an entry created (a terminal stream event, a final JSON reply, a poll, a webhook).
 * Statuses only move forward, so a late `in_progress` never hides `completed`. Returns how many entries changed.
 */
export async function updateHistoryStatus(db: Db, responseId: string, status: string): Promise<number> {
  const changed = await db
    .update(requestHistory)
    .set({ status })
    .where(and(eq(requestHistory.responseId, responseId), isStatusAdvance(requestHistory.status, sql`${encodeText(status)}`)))
    .returning({ id: requestHistory.id });
  return changed.length;
}

/** updateHistoryStatus for many responses in one statement (the furthest status of each, as applying them in turn would). */
export async function updateHistoryStatuses(db: Db, updates: ReadonlyArray<{ id: string; status: string }>): Promise<void> {
  const picked = pickFurthestStatuses(updates);
  if (picked.size === 0) return;
  const values = sql.join([...picked].map(([id, status]) => sql`(${encodeText(id)}, ${encodeText(status)})`), sql`, `);
  await db.execute(sql`
    UPDATE ${requestHistory} SET status = v.status
    FROM (VALUES ${values}) AS v(response_id, status)
    WHERE ${requestHistory.responseId} = v.response_id AND ${isStatusAdvance(requestHistory.status, sql`v.status`)}`);
}

/**
 * Newest first, of what `viewer` may see in `view`; `query` matches the model, the input text or instructions, or the
 * response id (case-insensitive substring).
 */
export async function searchHistory(db: Db, query = '', limit = HISTORY_PAGE_SIZE, viewer: Viewer = SHARED_VIEWER, view: OwnerView = 'all'): Promise<HistoryEntry[]> {
  const trimmed = query.trim();
  const pattern = `%${escapeLike(trimmed)}%`;
  const matches = trimmed
    ? or(ilikeText(requestHistory.model, pattern), ilikeText(requestHistory.searchText, pattern), ilikeText(requestHistory.responseId, pattern))
    : undefined;
  const where = withOwner(matches, visibleTo(requestHistory, viewer, view));
  const rows = await db.select().from(requestHistory).where(where).orderBy(desc(requestHistory.createdAt), desc(requestHistory.id)).limit(limit);
  return rows.map((row) => toEntry(row, viewer));
}

/** Shares an entry with the team (or stops); null when `viewer` may not change it (another's, or unknown: 404 either way). */
export async function setHistoryShared(db: Db, id: number, shared: boolean, viewer: Viewer): Promise<HistoryEntry | null> {
  const [row] = await db
    .update(requestHistory)
    .set({ shared })
    .where(withOwner(eq(requestHistory.id, id), changeableBy(requestHistory, viewer)))
    .returning();
  return row ? toEntry(row, viewer) : null;
}


export interface WebhookRun {
  responseId: string;
  webhookUrl: string;
  sentAt: Date;
}

/** Background requests the gateway accepted (they have a response id) that named a webhook_url, newest first. */
export async function listBackgroundWebhookRuns(db: Db, limit = 500): Promise<WebhookRun[]> {
  const rows = await db
    .select({ body: requestHistory.body, responseId: requestHistory.responseId, createdAt: requestHistory.createdAt })
    .from(requestHistory)
    .where(and(isNotNull(requestHistory.responseId), sql`${requestHistory.body}->>'background' = 'true'`, sql`${requestHistory.body}->>'webhook_url' is not null`))
    .orderBy(desc(requestHistory.createdAt), desc(requestHistory.id))
    .limit(limit);
  return rows.flatMap((row) => {
    const url = (row.body as Record<string, unknown>).webhook_url;
    return typeof url === 'string' && row.responseId ? [{ responseId: row.responseId, webhookUrl: url, sentAt: row.createdAt }] : [];
  });
}
