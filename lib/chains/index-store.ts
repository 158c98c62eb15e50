// The chain index in the database: upsert what was seen, mark deletions, read entries back (every function takes a db).
import 'server-only';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { changeableBy, ownershipOf, SHARED_VIEWER, visibleTo, withOwner, type OwnerView, type Viewer } from '@/lib/db/owner';
import { advancedStatus, isStatusAdvance, pickFurthestStatuses, withJobStatus } from '@/lib/db/response-status';
import { encodeText } from '@/lib/db/text-codec';
import { responseAliases, seenResponses } from '@/lib/db/schema';
import type { ChainEntry } from './schema';

export interface SeenResponse {
  /** Who made it; a later sighting never changes the owner. */
  ownerId?: string | null;
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
  await upsertSeenResponses(db, [seen]);
}

function toSeenRow(seen: SeenResponse) {
  return {
    id: seen.id,
    previousResponseId: seen.previousResponseId,
    conversationId: seen.conversationId,
    model: seen.model,
    // A status a cancel or poll recorded before this row existed is in the job: the row starts with it.
    status: withJobStatus(seen.id, seen.status),
    onBehalfOf: seen.onBehalfOf,
    ownerId: seen.ownerId ?? null,
    stored: seen.stored ?? null,
  };
}

/** upsertSeenResponse for several sightings in order: one statement per run of distinct ids (one row cannot take two in one). */
export async function upsertSeenResponses(db: Db, sightings: readonly SeenResponse[]): Promise<void> {
  let wave: SeenResponse[] = [];
  const flush = async () => {
    if (wave.length === 0) return;
    await db
      .insert(seenResponses)
      .values(wave.map(toSeenRow))
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
    wave = [];
  };
  for (const seen of sightings) {
    if (wave.some((waiting) => waiting.id === seen.id)) await flush();
    wave.push(seen);
  }
  await flush();
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

/** resolveResponseId for many ids in one lookup: each id that is an alias, mapped to its run id (others are absent). */
export async function resolveResponseIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ alias: responseAliases.alias, responseId: responseAliases.responseId }).from(responseAliases).where(inArray(responseAliases.alias, unique));
  return new Map(rows.map((row) => [row.alias, row.responseId]));
}

/**
 * Records a later status of a response the index already holds, by its run id (callers resolve an alias once, with
 * resolveResponseId, before they update the index, the history and the job); it never adds one. True when it changed.
 */
export async function updateSeenStatus(db: Db, responseId: string, status: string): Promise<boolean> {
  const changed = await db
    .update(seenResponses)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(seenResponses.id, responseId), isStatusAdvance(seenResponses.status, sql`${encodeText(status)}`)))
    .returning({ id: seenResponses.id });
  return changed.length > 0;
}

/** updateSeenStatus for many run ids in one statement: the furthest status of each, as applying them in turn would. */
export async function updateSeenStatuses(db: Db, updates: ReadonlyArray<{ id: string; status: string }>): Promise<void> {
  const picked = pickFurthestStatuses(updates);
  if (picked.size === 0) return;
  const values = sql.join([...picked].map(([id, status]) => sql`(${encodeText(id)}, ${encodeText(status)})`), sql`, `);
  await db.execute(sql`
    UPDATE ${seenResponses} SET status = v.status, updated_at = now()
    FROM (VALUES ${values}) AS v(id, status)
    WHERE ${seenResponses.id} = v.id AND ${isStatusAdvance(seenResponses.status, sql`v.status`)}`);
}

/**
 * Marks a response deleted; records a bare entry (the viewer's) when the index never saw it. Returns the updated entry,
 * or null when the entry is another user's that `viewer` may not change.
 */
export async function markResponseDeleted(db: Db, id: string, onBehalfOf: string | null, viewer: Viewer = SHARED_VIEWER): Promise<ChainEntry | null> {
  const [row] = await db
    .insert(seenResponses)
    .values({ id, onBehalfOf, ownerId: viewer.ownerId, deleted: true })
    .onConflictDoUpdate({ target: seenResponses.id, set: { deleted: true, updatedAt: sql`now()` }, where: changeableBy(seenResponses, viewer) })
    .returning();
  return row ? toChainEntry(row, viewer) : null;
}

/** Shares an entry with the team (or stops); null when `viewer` may not change it. */
export async function setSeenShared(db: Db, id: string, shared: boolean, viewer: Viewer): Promise<ChainEntry | null> {
  const responseId = await resolveResponseId(db, id);
  const [row] = await db.update(seenResponses).set({ shared }).where(withOwner(eq(seenResponses.id, responseId), changeableBy(seenResponses, viewer))).returning();
  return row ? toChainEntry(row, viewer) : null;
}

/** The entry of a response `viewer` may see, looked up by its run id or any alias of it (the entry's `id` is then the run id). */
export async function getSeenResponse(db: Db, id: string, viewer: Viewer = SHARED_VIEWER): Promise<ChainEntry | null> {
  const responseId = await resolveResponseId(db, id);
  const [row] = await db.select(entryColumns).from(seenResponses).where(withOwner(eq(seenResponses.id, responseId), visibleTo(seenResponses, viewer))).limit(1);
  return row ? toChainEntry(row, viewer) : null;
}

/** Whether the index knows `id` as a response `viewer` may not see (another user's private one). */
export async function isHiddenFrom(db: Db, id: string, viewer: Viewer): Promise<boolean> {
  if (viewer.ownerId === null) return false;
  const responseId = await resolveResponseId(db, id);
  const [row] = await db.select({ ownerId: seenResponses.ownerId, shared: seenResponses.shared }).from(seenResponses).where(eq(seenResponses.id, responseId)).limit(1);
  return !!row && row.ownerId !== null && !row.shared && row.ownerId !== viewer.ownerId;
}

/** Every entry `viewer` may see in `view`, oldest first; `onBehalfOf` (null is the no-user scope) filters to one user when given. */
export async function listSeenResponses(db: Db, filter: { onBehalfOf?: string | null; viewer?: Viewer; view?: OwnerView } = {}): Promise<ChainEntry[]> {
  const byUser =
    filter.onBehalfOf === undefined
      ? undefined
      : filter.onBehalfOf === null
        ? isNull(seenResponses.onBehalfOf)
        : eq(seenResponses.onBehalfOf, filter.onBehalfOf);
  const viewer = filter.viewer ?? SHARED_VIEWER;
  const where = withOwner(byUser, visibleTo(seenResponses, viewer, filter.view ?? 'all'));
  const rows = await db.select(entryColumns).from(seenResponses).where(where).orderBy(asc(seenResponses.createdAt), asc(seenResponses.id));
  return rows.map((row) => toChainEntry(row, viewer));
}

function toChainEntry(row: Row, viewer: Viewer): ChainEntry {
  const ownership = ownershipOf(row, viewer);
  return {
    owner_id: ownership.ownerId,
    shared: ownership.shared,
    is_changeable: ownership.isChangeable,
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
