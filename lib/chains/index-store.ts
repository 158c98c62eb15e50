// The chain index in the database: upsert what was seen, mark deletions, read entries back (every function takes a db).
import 'server-only';
import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { advancedStatus, isStatusAdvance } from '@/lib/db/response-status';
import { encodeText } from '@/lib/db/text-codec';
import { responseAliases, seenResponses } from '@/lib/db/schema';
import type { ChainEntry } from './schema';

export interface SeenResponse {
  id: string;
  previousResponseId: string | null;
  conversationId: string | null;
  model: string | null;
  status: string | null;
  onBehalfOf: string | null;
  /** The request's `store` when known (false: the gateway will never return it). */
  stored?: boolean | null;
}

type Row = typeof seenResponses.$inferSelect;

/**
 * `stored` as recorded, else the `store` flag of the sent request in the request history (the proxy's create
 * record does not carry it), so a store:false turn can be explained. Non-boolean values there are ignored.
 */
const storedOrFromHistory = sql<boolean | null>`coalesce("seen_responses"."stored", (
  select case when jsonb_typeof(history.body -> 'store') = 'boolean' then (history.body ->> 'store')::boolean end
  from "request_history" history where history.response_id = "seen_responses"."id"
  order by history.id desc limit 1))`;

const entryColumns = { ...getTableColumns(seenResponses), stored: storedOrFromHistory };

/**
 * Inserts or refreshes one sighting. Later sightings fill in what earlier ones lacked and move the status forward (a
 * terminal status is kept); a known parent or conversation is never erased by a sighting that does not carry it, and
 * `deleted` is sticky.
 */
export async function upsertSeenResponse(db: Db, seen: SeenResponse): Promise<void> {
  await db
    .insert(seenResponses)
    .values({
      id: seen.id,
      previousResponseId: seen.previousResponseId,
      conversationId: seen.conversationId,
      model: seen.model,
      status: seen.status,
      onBehalfOf: seen.onBehalfOf,
      stored: seen.stored ?? null,
    })
    .onConflictDoUpdate({
      target: seenResponses.id,
      set: {
        previousResponseId: sql`coalesce(excluded.previous_response_id, ${seenResponses.previousResponseId})`,
        conversationId: sql`coalesce(excluded.conversation_id, ${seenResponses.conversationId})`,
        model: sql`coalesce(excluded.model, ${seenResponses.model})`,
        status: advancedStatus(seenResponses.status, sql`excluded.status`),
        onBehalfOf: sql`excluded.on_behalf_of`,
        stored: sql`coalesce(excluded.stored, ${seenResponses.stored})`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Files other ids of a response under its run id (the id the index and the history know it by). An alias already
 * filed is kept (the first run it was seen with wins); an alias equal to the run id is skipped.
 */
export async function recordAliases(db: Db, responseId: string, aliases: readonly string[]): Promise<void> {
  const rows = [...new Set(aliases)].filter((alias) => alias !== responseId).map((alias) => ({ alias, responseId }));
  if (rows.length === 0) return;
  await db.insert(responseAliases).values(rows).onConflictDoNothing({ target: responseAliases.alias });
}

/** The run id an id stands for: itself, or the response it is an alias of. */
export async function resolveResponseId(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ responseId: responseAliases.responseId }).from(responseAliases).where(eq(responseAliases.alias, id)).limit(1);
  return row?.responseId ?? id;
}

/** Records a later status of a response the index already holds (it never adds one; an alias counts as its response); true when it changed. */
export async function updateSeenStatus(db: Db, id: string, status: string): Promise<boolean> {
  const responseId = await resolveResponseId(db, id);
  const changed = await db
    .update(seenResponses)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(seenResponses.id, responseId), isStatusAdvance(seenResponses.status, sql`${encodeText(status)}`)))
    .returning({ id: seenResponses.id });
  return changed.length > 0;
}

/** Marks a response deleted; records a bare entry when the index never saw it. Returns the updated entry. */
export async function markResponseDeleted(db: Db, id: string, onBehalfOf: string | null): Promise<ChainEntry> {
  const [row] = await db
    .insert(seenResponses)
    .values({ id, onBehalfOf, deleted: true })
    .onConflictDoUpdate({ target: seenResponses.id, set: { deleted: true, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error(`markResponseDeleted: no row returned for ${id}`);
  return toChainEntry(row);
}

/** The entry of a response, looked up by its run id or any alias of it (the entry's `id` is then the run id). */
export async function getSeenResponse(db: Db, id: string): Promise<ChainEntry | null> {
  const responseId = await resolveResponseId(db, id);
  const [row] = await db.select(entryColumns).from(seenResponses).where(eq(seenResponses.id, responseId)).limit(1);
  return row ? toChainEntry(row) : null;
}

/** Every entry, oldest first; `onBehalfOf` (null is the no-user scope) filters to one user when given. */
export async function listSeenResponses(db: Db, filter: { onBehalfOf?: string | null } = {}): Promise<ChainEntry[]> {
  const where =
    filter.onBehalfOf === undefined
      ? undefined
      : filter.onBehalfOf === null
        ? isNull(seenResponses.onBehalfOf)
        : eq(seenResponses.onBehalfOf, filter.onBehalfOf);
  const rows = await db.select(entryColumns).from(seenResponses).where(where).orderBy(asc(seenResponses.createdAt), asc(seenResponses.id));
  return rows.map(toChainEntry);
}

function toChainEntry(row: Row): ChainEntry {
  return {
    id: row.id,
    previous_response_id: row.previousResponseId,
    conversation_id: row.conversationId,
    model: row.model,
    status: row.status,
    on_behalf_of: row.onBehalfOf,
    stored: row.stored,
    deleted: row.deleted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
