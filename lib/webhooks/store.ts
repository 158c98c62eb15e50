// Storing deliveries: one capture's batch in one transaction of plain parameterized SQL (capture and lock, what it holds, one insert that also marks duplicates and, only when the batch does not fit, evicts the oldest past the caps).
// The receiver's hot path skips drizzle's query builder: building a many-row insert cost more of the event loop than the database took to run it.
import 'server-only';
import { readDbClient, type Db } from '@/lib/db/open';
import { decodeText, encodeJsonText, encodeText } from '@/lib/db/text-codec';
import type { CaptureRow } from './captures';
import type { CaptureCaps, NewDelivery, StoredDelivery } from './deliveries';

interface SqlRunner {
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

/** Runs `work` in one transaction on one connection, statements sent as written (no builder, no extra round trips). */
async function inTransaction<T>(db: Db, work: (run: SqlRunner) => Promise<T>): Promise<T> {
  // PGlite has transactions of its own, a pg pool hands out connections.
  const driver = readDbClient(db);
  if (driver.kind === 'pglite') {
    return driver.client.transaction((tx) => work({ query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows }));
  }
  const connection = await driver.client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('begin');
    const result = await work({ query: async <R>(text: string, params?: unknown[]) => (await connection.query(text, params)).rows as R[] });
    await connection.query('commit');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped from the pool rather than reused mid-transaction.
    await connection.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** The same key drizzle-era code and every instance use, so one capture's inserts and evictions happen one at a time. */
function lockKey(captureId: string): string {
  return `capture ${captureId}`;
}

interface CaptureRecord {
  id: string;
  secret: string;
  answer_status: number | null;
  answer_delay_ms: number | null;
  owner_id: string | null;
  shared: boolean;
  created_at: Date;
}

/**
 * The receiver's write: reads the capture and takes its lock in one statement, then stores what `prepare` makes of
 * it (signatures are verified against the secret read here) as insertDeliveries does. No capture: nothing is stored.
 */
export async function storeCaptureDeliveries(
  db: Db,
  captureId: string,
  prepare: (capture: CaptureRow) => NewDelivery[],
  caps: CaptureCaps,
): Promise<{ capture: CaptureRow; stored: Array<StoredDelivery | null> } | null> {
  return inTransaction(db, async (run) => {
    // The lock is evaluated only for the row found, so an unknown capture locks nothing.
    const [found] = await run.query<CaptureRecord>(
      'select "id", "secret", "answer_status", "answer_delay_ms", "owner_id", "shared", "created_at", pg_advisory_xact_lock(hashtext($1)) from "webhook_captures" where "id" = $2',
      [lockKey(captureId), encodeText(captureId)],
    );
    if (!found) return null;
    const capture: CaptureRow = {
      id: decodeText(found.id),
      secret: decodeText(found.secret),
      answerStatus: found.answer_status,
      answerDelayMs: found.answer_delay_ms,
      ownerId: found.owner_id === null ? null : decodeText(found.owner_id),
      shared: found.shared,
      createdAt: new Date(found.created_at),
    };
    return { capture, stored: await storeInOrder(run, captureId, prepare(capture), caps) };
  });
}

/**
 * Stores deliveries to one capture, in arrival order, in one transaction: the same outcome as storing them one after
 * another (duplicates among them included). A valid one whose X-Webhook-Id an earlier valid delivery to the same capture
 * already carried is stored as a duplicate; the capture then keeps its newest deliveries within `caps`. One whose
 * signature is not valid never evicts: when the capture is full it is not stored (null).
 */
export async function insertDeliveries(db: Db, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps): Promise<Array<StoredDelivery | null>> {
  return inTransaction(db, async (run) => {
    await run.query('select pg_advisory_xact_lock(hashtext($1))', [lockKey(captureId)]);
    return storeInOrder(run, captureId, deliveries, caps);
  });
}

/** Inside the capture's lock. A delivery that is not validly signed may only take room that is free, as it is after each earlier one's eviction: such a batch (rare: forged or misconfigured senders) is stored one by one. */
async function storeInOrder(run: SqlRunner, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps): Promise<Array<StoredDelivery | null>> {
  if (deliveries.every((delivery) => delivery.signatureValid)) return insertAndEvict(run, captureId, deliveries, caps, await usageOf(run, captureId));
  const results: Array<StoredDelivery | null> = [];
  for (const delivery of deliveries) {
    const usage = await usageOf(run, captureId);
    if (!delivery.signatureValid && (usage.deliveries >= caps.maxDeliveries || usage.bytes + delivery.body.byteLength > caps.maxBytes)) {
      results.push(null);
      continue;
    }
    results.push(...(await insertAndEvict(run, captureId, [delivery], caps, usage)));
  }
  return results;
}

interface CaptureUsage {
  deliveries: number;
  bytes: number;
}

/** What the capture holds now (inside its lock, so no other instance adds to it until the transaction ends). */
async function usageOf(run: SqlRunner, captureId: string): Promise<CaptureUsage> {
  const [usage] = await run.query<CaptureUsage>(
    'select count(*)::int as "deliveries", coalesce(sum(octet_length("body")), 0)::float8 as "bytes" from "webhook_deliveries" where "capture_id" = $1',
    [encodeText(captureId)],
  );
  return usage!;
}

/** Per delivery: webhook id, body, headers, source, received at, valid, scheme, detail, response id, event type, answer, repeated. */
const COLUMN_CASTS = ['text', 'bytea', 'jsonb', 'text', 'timestamptz', 'boolean', 'text', 'jsonb', 'text', 'text', 'integer', 'boolean'];

function rowParams(delivery: NewDelivery, isRepeated: boolean): unknown[] {
  const optionalText = (value: string | null | undefined) => (value === null || value === undefined ? null : encodeText(value));
  return [
    optionalText(delivery.webhookId),
    delivery.body,
    encodeJsonText(delivery.headers),
    optionalText(delivery.sourceAddress),
    delivery.receivedAt ?? null,
    delivery.signatureValid,
    optionalText(delivery.signatureScheme),
    delivery.signatureDetail === undefined || delivery.signatureDetail === null ? null : encodeJsonText(delivery.signatureDetail),
    optionalText(delivery.responseId),
    optionalText(delivery.eventType),
    delivery.answeredStatus,
    isRepeated,
  ];
}

/**
 * One statement: the rows inserted in arrival order, each valid one marked duplicate when its webhook id was seen
 * (stored earlier, or earlier in this batch; looked up by the (capture, webhook id) index). When the capture, as `usage`
 * found it, has room for the whole batch, that is all. When only the count is past its cap and the batch fits within it,
 * the same statement deletes that many of the capture's oldest deliveries. Otherwise it deletes the capture's oldest
 * deliveries past the count or the bytes, the newest always kept (the same as evicting after each one in turn): the
 * eviction ranks the stored rows with the new ones, and a new row that is itself past the caps (a batch larger than the
 * caps) is deleted by a second statement. Ranking every stored row was most of a batch's time on PGlite.
 */
async function insertAndEvict(run: SqlRunner, captureId: string, deliveries: readonly NewDelivery[], caps: CaptureCaps, usage: CaptureUsage): Promise<StoredDelivery[]> {
  const pastCount = usage.deliveries + deliveries.length - caps.maxDeliveries;
  const fitsBytes = usage.bytes + deliveries.reduce((sum, delivery) => sum + delivery.body.byteLength, 0) <= caps.maxBytes;
  const validIds = deliveries.flatMap((delivery) => (delivery.signatureValid && typeof delivery.webhookId === 'string' ? [encodeText(delivery.webhookId)] : []));
  const params: unknown[] = [encodeText(captureId), validIds];
  const seenInBatch = new Set<string>();
  const rows = deliveries.map((delivery, at) => {
    const id = delivery.signatureValid ? delivery.webhookId : null;
    const isRepeated = !!id && seenInBatch.has(id);
    if (id) seenInBatch.add(id);
    const placeholders = rowParams(delivery, isRepeated).map((value, column) => {
      params.push(value);
      return `$${params.length}::${COLUMN_CASTS[column]}`;
    });
    return `(${at}, ${placeholders.join(', ')})`;
  });
  const inserting = `with "incoming" ("ord", "webhook_id", "body", "headers", "source_address", "received_at", "signature_valid", "signature_scheme", "signature_detail", "response_id", "event_type", "answered_status", "repeated") as (values ${rows.join(', ')}),
    "seen" as (
      select distinct "webhook_id" from "webhook_deliveries"
      where "capture_id" = $1 and "webhook_id" = any($2::text[]) and "signature_valid"
    ),
    "inserted" as (
      insert into "webhook_deliveries" ("capture_id", "webhook_id", "body", "headers", "source_address", "received_at", "signature_valid", "signature_scheme", "signature_detail", "duplicate", "response_id", "event_type", "answered_status")
      select $1, "webhook_id", "body", "headers", "source_address", coalesce("received_at", now()), "signature_valid", "signature_scheme", "signature_detail",
        "repeated" or ("signature_valid" and exists (select 1 from "seen" where "seen"."webhook_id" = "incoming"."webhook_id")),
        "response_id", "event_type", "answered_status"
      from "incoming" order by "ord"
      returning "id", "duplicate", octet_length("body") as "bytes"
    )`;
  type Inserted = { id: number; duplicate: boolean; is_evicted: boolean };
  let inserted: Inserted[];
  if (pastCount <= 0 && fitsBytes) {
    inserted = await run.query<Inserted>(`${inserting}\n    select "id", "duplicate", false as "is_evicted" from "inserted"`, params);
  } else if (fitsBytes && pastCount <= usage.deliveries) {
    // Full by count alone (a capture at its cap, the usual case once one has been used a while): the batch fits the bytes
    // as it is, so the oldest `pastCount` stored deliveries go, and none of the batch. The delete sees the capture as it
    // was before this insert. The capture's own rows are read first (offset 0 keeps the planner from walking the whole
    // table's primary key from its oldest id instead).
    params.push(pastCount);
    inserted = await run.query<Inserted>(
      `${inserting},
    "evicted" as (
      delete from "webhook_deliveries" where "id" in (
        select "id" from (select "id" from "webhook_deliveries" where "capture_id" = $1 offset 0) as "held" order by "id" limit $${params.length}
      )
    )
    select "id", "duplicate", false as "is_evicted" from "inserted"`,
      params,
    );
  } else {
    params.push(caps.maxDeliveries, caps.maxBytes);
    const [maxDeliveries, maxBytes] = [`$${params.length - 1}`, `$${params.length}`];
    const pastCaps = `"position" > 1 and ("position" > ${maxDeliveries} or "kept_bytes" > ${maxBytes})`;
    inserted = await run.query<Inserted>(
      `${inserting},
    "ranked" as (
      select "id", "is_new", row_number() over (order by "id" desc) as "position", sum("bytes") over (order by "id" desc) as "kept_bytes"
      from (
        select "id", octet_length("body") as "bytes", false as "is_new" from "webhook_deliveries" where "capture_id" = $1
        union all select "id", "bytes", true from "inserted"
      ) as "everything"
    ),
    "evicted" as (
      delete from "webhook_deliveries" where "id" in (select "id" from "ranked" where not "is_new" and ${pastCaps})
    )
    select "inserted"."id", "inserted"."duplicate", (${pastCaps}) as "is_evicted"
    from "inserted" join "ranked" on "ranked"."id" = "inserted"."id"`,
      params,
    );
  }
  // Serial ids follow the insert's order, so the returned ids, sorted, line up with what was sent.
  inserted.sort((a, b) => a.id - b.id);
  const overflow = inserted.filter((row) => row.is_evicted).map((row) => row.id);
  if (overflow.length > 0) await run.query(`delete from "webhook_deliveries" where "id" in (${overflow.map((_id, at) => `$${at + 1}::integer`).join(', ')})`, overflow);
  return inserted.map((row, at) => ({ id: row.id, webhookId: deliveries[at]!.webhookId ?? null, duplicate: row.duplicate }));
}
