// Persistence of responses, their replayable stream events and conversations (drizzle; PGlite or PostgreSQL).
import { and, asc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { createWriteBatcher, type WriteBatcher } from '@/lib/db/batch';
import { isPgliteDb, type Db } from '@/lib/db/open';
import { gatewayConversations, gatewayResponseEvents, gatewayResponses } from '@/lib/db/schema/gateway';
import { encodeJsonText, encodeText } from '@/lib/db/text-codec';
import { RESPONSE_STATUSES, isTerminalStatus } from '@/lib/schema/constants';
import type { ContextItem, JsonObject } from './agent/contract';

export type StoredResponse = typeof gatewayResponses.$inferSelect;
/** A response row as inserted: not deleted; created and updated now unless given. */
export type NewStoredResponse = Omit<typeof gatewayResponses.$inferInsert, 'deletedAt' | 'createdAt' | 'updatedAt'> & { createdAt?: Date; updatedAt?: Date };

export const NON_TERMINAL: string[] = RESPONSE_STATUSES.filter((status) => !isTerminalStatus(status));

interface StateSave {
  id: string;
  response: JsonObject;
  at: Date;
}

/** A row, or how to build it when its batch is written (so it carries the state the response has reached by then). */
type RowSource = NewStoredResponse | (() => NewStoredResponse);

interface Writers {
  inserts: WriteBatcher<RowSource, void>;
  saves: WriteBatcher<StateSave, void>;
}

const writers = new WeakMap<Db, Writers>();

/**
 * On PGlite an insert blocks the event loop while it runs, so streams arriving meanwhile each found the batcher idle and
 * went alone (batches of one, about a millisecond each): it gathers while they keep arriving. Nothing waits for the row
 * but reads of that response in this process (`Run.inserted`).
 */
const INSERT_GATHER_MS = 20;

/**
 * The hot insert (a row per stream) as one plain statement: drizzle's insert builder cost as much CPU as PGlite's work for
 * it. Values go through the same text codec the column types apply.
 */
const INSERT_COLUMNS = '(id, owner_key, status, background, stream, stored, previous_response_id, conversation_id, request, response, input_items, created_at, updated_at)';

function insertValues(row: NewStoredResponse): SQL {
  const text = (value: string | null | undefined) => (value == null ? null : encodeText(value));
  const at = (value: Date | undefined) => (value ? sql`${value.toISOString()}::timestamptz` : sql`now()`);
  return sql`(${encodeText(row.id)}, ${encodeText(row.ownerKey)}, ${encodeText(row.status)}, ${row.background ?? false}, ${row.stream ?? false}, ${row.stored ?? true}, ${text(row.previousResponseId)}, ${text(row.conversationId)}, ${encodeJsonText(row.request)}::jsonb, ${encodeJsonText(row.response)}::jsonb, ${encodeJsonText(row.inputItems)}::jsonb, ${at(row.createdAt)}, ${at(row.updatedAt)})`;
}

/** Responses created (and states saved) at the same time are written together: one statement each for all of them. */
function writersOf(db: Db): Writers {
  let found = writers.get(db);
  if (!found) {
    found = {
      inserts: createWriteBatcher(async (sources) => {
        const rows = sources.map((source) => (typeof source === 'function' ? source() : source));
        await db.execute(sql`INSERT INTO ${gatewayResponses} ${sql.raw(INSERT_COLUMNS)} VALUES ${sql.join(rows.map(insertValues), sql`, `)}`);
        return [];
      }, { gatherMs: isPgliteDb(db) ? INSERT_GATHER_MS : 0 }),
      saves: createWriteBatcher(async (saves) => {
        // One statement cannot update a row twice: the later save of a response wins, as it would one after another.
        const last = new Map(saves.map((save) => [save.id, save]));
        const values = sql.join(
          [...last.values()].map((save) => sql`(${encodeText(save.id)}, ${encodeText(String(save.response.status))}, ${encodeJsonText(save.response)}, ${save.at.toISOString()})`),
          sql`, `,
        );
        await db.execute(sql`
          UPDATE ${gatewayResponses} SET status = v.status, response = v.response::jsonb, updated_at = v.at::timestamptz
          FROM (VALUES ${values}) AS v(id, status, response, at)
          WHERE ${gatewayResponses.id} = v.id`);
        return [];
      }),
    };
    writers.set(db, found);
  }
  return found;
}

export async function insertResponse(db: Db, row: RowSource): Promise<void> {
  await writersOf(db).inserts.add(row);
}

export async function saveResponseState(db: Db, id: string, response: JsonObject): Promise<void> {
  await writersOf(db).saves.add({ id, response, at: new Date() });
}

/** Saves a running response's progress unless the row has meanwhile been ended elsewhere (a cancel from another process). */
export async function saveProgress(db: Db, id: string, response: JsonObject): Promise<void> {
  await db
    .update(gatewayResponses)
    .set({ response, updatedAt: new Date() })
    .where(and(eq(gatewayResponses.id, id), eq(gatewayResponses.status, 'in_progress')));
}

/** A live (not deleted) response of this owner, including `stored: false` tombstones. */
export async function findResponse(db: Db, id: string, ownerKey: string): Promise<StoredResponse | null> {
  const rows = await db
    .select()
    .from(gatewayResponses)
    .where(and(eq(gatewayResponses.id, id), eq(gatewayResponses.ownerKey, ownerKey), isNull(gatewayResponses.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function markDeleted(db: Db, id: string): Promise<void> {
  await db.update(gatewayResponses).set({ deletedAt: new Date() }).where(eq(gatewayResponses.id, id));
  await db.delete(gatewayResponseEvents).where(eq(gatewayResponseEvents.responseId, id));
}

export async function appendEvents(db: Db, responseId: string, events: JsonObject[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(gatewayResponseEvents)
    .values(events.map((event) => ({ responseId, sequenceNumber: Number(event.sequence_number), event })))
    .onConflictDoNothing();
}

export async function listEvents(db: Db, responseId: string, startingAfter: number): Promise<JsonObject[]> {
  const rows = await db
    .select({ event: gatewayResponseEvents.event })
    .from(gatewayResponseEvents)
    .where(and(eq(gatewayResponseEvents.responseId, responseId), gt(gatewayResponseEvents.sequenceNumber, startingAfter)))
    .orderBy(asc(gatewayResponseEvents.sequenceNumber));
  return rows.map((row) => row.event as JsonObject);
}

export interface StoredConversation {
  id: string;
  ownerKey: string;
  items: ContextItem[];
}

export async function findConversation(db: Db, id: string): Promise<StoredConversation | null> {
  const rows = await db.select().from(gatewayConversations).where(eq(gatewayConversations.id, id)).limit(1);
  const row = rows[0];
  return row ? { id: row.id, ownerKey: row.ownerKey, items: row.items as ContextItem[] } : null;
}

export async function createConversation(db: Db, id: string, ownerKey: string): Promise<void> {
  await db.insert(gatewayConversations).values({ id, ownerKey, items: [] }).onConflictDoNothing();
}

/** Appends in one statement so concurrent turns never lose each other's items. */
export async function appendConversationItems(db: Db, id: string, items: ContextItem[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .update(gatewayConversations)
    .set({ items: sql`${gatewayConversations.items} || ${encodeJsonText(items)}::jsonb` })
    .where(eq(gatewayConversations.id, id));
}

/** Keeps `updated_at` fresh for responses this process is running, so a sweep can tell them from orphans. */
export async function touchResponses(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(gatewayResponses).set({ updatedAt: new Date() }).where(inArray(gatewayResponses.id, ids));
}

/** Which of these responses a stored row says are cancelled (by another process). */
export async function findCancelled(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: gatewayResponses.id }).from(gatewayResponses).where(and(inArray(gatewayResponses.id, ids), eq(gatewayResponses.status, 'cancelled')));
  return rows.map((row) => row.id);
}

/** Unfinished responses not touched since `before` (their process died), excluding the ones running here. */
export async function findOrphans(db: Db, before: Date, runningIds: string[]): Promise<StoredResponse[]> {
  const rows = await db
    .select()
    .from(gatewayResponses)
    .where(and(inArray(gatewayResponses.status, NON_TERMINAL), lt(gatewayResponses.updatedAt, before), isNull(gatewayResponses.deletedAt)));
  return rows.filter((row) => !runningIds.includes(row.id));
}

/** Status of a response regardless of owner (for replays that already passed the owner check). */
export async function findResponseStatus(db: Db, id: string): Promise<{ status: string; deleted: boolean } | null> {
  const rows = await db.select({ status: gatewayResponses.status, deletedAt: gatewayResponses.deletedAt }).from(gatewayResponses).where(eq(gatewayResponses.id, id)).limit(1);
  const row = rows[0];
  return row ? { status: row.status, deleted: row.deletedAt !== null } : null;
}

/** The stored item with this id (an output or input item of a live, stored response of this owner), or null. */
export async function findStoredItem(db: Db, ownerKey: string, itemId: string): Promise<ContextItem | null> {
  const probe = encodeJsonText([{ id: itemId }]);
  const rows = await db
    .select({ response: gatewayResponses.response, inputItems: gatewayResponses.inputItems })
    .from(gatewayResponses)
    .where(
      and(
        eq(gatewayResponses.ownerKey, ownerKey),
        eq(gatewayResponses.stored, true),
        isNull(gatewayResponses.deletedAt),
        sql`((${gatewayResponses.response} -> 'output') @> ${probe}::jsonb OR ${gatewayResponses.inputItems} @> ${probe}::jsonb)`,
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const candidates = [...(((row.response as JsonObject).output as ContextItem[] | undefined) ?? []), ...(row.inputItems as ContextItem[])];
  return candidates.find((item) => item.id === itemId) ?? null;
}
