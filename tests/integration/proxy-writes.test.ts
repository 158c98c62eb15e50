// What the proxy writes per streamed run, on both databases: every run's history entry, chain-index entry, recording and
// audit entry are kept with their final status, and on PGlite runs streamed together share statements.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTableName, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { closeAppDatabase, openAppDatabase, useAppDatabase } from '../support/app-database';
import { DATABASE_KINDS, makePgliteDir, makePostgresDatabase } from '../support/databases';
import { loadProxyRoutes, sseEvent, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';

const ORIGIN = 'http://127.0.0.1:4299';
const RUNS = 20;
const WRITES = ['insert', 'update', 'delete', 'execute'] as const;

const response = (id: string, status: string) => ({ id, object: 'response', status, model: 'm', output: [] });

const dialect = new PgDialect();

/** Counts the statements the app starts through its database, by table (on the object itself: a Proxy would hide that it is PGlite). */
function countWrites(db: Db): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of WRITES) {
    const original = (db[name] as (...args: unknown[]) => unknown).bind(db);
    (db as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const table = name === 'execute' ? (/(?:INSERT INTO|UPDATE|DELETE FROM)\s+"?(\w+)/i.exec(dialect.sqlToQuery(args[0] as SQL).sql)?.[1] ?? 'other') : getTableName(args[0] as Table);
      counts.set(table, (counts.get(table) ?? 0) + 1);
      return original(...args);
    };
  }
  return counts;
}

async function waitFor(isDone: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(DATABASE_KINDS)('proxy writes on %s', (kind) => {
  let upstream: FakeUpstream;
  let db: Db;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    await useAppDatabase(kind === 'postgres' ? { databaseUrl: await makePostgresDatabase(), pgliteDir: makePgliteDir() } : { pgliteDir: makePgliteDir() });
    // Settings are read afresh before the database is opened (a module loaded earlier still holds the last ones).
    await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url }, () => vi.resetModules());
    db = await openAppDatabase();
  });
  afterAll(async () => {
    await closeAppDatabase();
    await upstream?.close();
  });

  it(`${RUNS} runs streamed together each get their history, chain-index, recording and audit entries with the final status`, async () => {
    let served = 0;
    upstream.respondWith((_request, reply) => {
      const id = `resp_writes_${(served += 1)}`;
      reply.writeHead(200, { 'Content-Type': 'text/event-stream' });
      reply.write(sseEvent({ type: 'response.created', sequence_number: 0, response: response(id, 'in_progress') }));
      for (let n = 1; n <= 50; n += 1) reply.write(sseEvent({ type: 'response.output_text.delta', sequence_number: n, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'tok ' }));
      reply.end(sseEvent({ type: 'response.completed', sequence_number: 51, response: response(id, 'completed') }));
    });
    const routes = await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-test-writes', PROXY_RATE_LIMIT_PER_MINUTE: '100000', PROXY_MAX_CONCURRENT_STREAMS: '0' }, () => vi.resetModules());
    const writes = countWrites(db);
    const streams: Array<Promise<string>> = [];
    for (let at = 0; at < RUNS; at += 1) {
      const body = JSON.stringify({ model: 'm', input: `run ${at}`, stream: true });
      streams.push(routes.responses.POST(new Request(`${ORIGIN}/api/responses`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).then((reply) => reply.text()));
      // Requests arrive turn after turn, as over HTTP.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const texts = await Promise.all(streams);
    expect(texts.every((text) => text.includes('response.completed'))).toBe(true);
    const ids = Array.from({ length: RUNS }, (_, at) => `resp_writes_${at + 1}`);

    const { searchHistory } = await import('@/lib/history/store');
    const { getSeenResponse } = await import('@/lib/chains/index-store');
    const { listRecordings } = await import('@/lib/recordings/store');
    const { whenRecordingsWritten } = await import('@/lib/recordings/recorder');
    const { flushAudit } = await import('@/lib/audit/writer');
    const { searchAudit } = await import('@/lib/audit/store');
    await waitFor(async () => {
      const history = await searchHistory(db, 'resp_writes_', 100);
      return history.length === RUNS && history.every((entry) => entry.status === 'completed');
    }, 'every history entry completed');
    await waitFor(async () => (await Promise.all(ids.map((id) => getSeenResponse(db, id)))).every((entry) => entry?.status === 'completed'), 'every chain entry completed');
    await whenRecordingsWritten();
    await flushAudit();
    const recorded = await listRecordings(db, { limit: 100 });
    expect(new Set(recorded.map((entry) => entry.responseId))).toEqual(new Set(ids));
    expect(recorded.every((entry) => entry.status === 'completed' && entry.eventCount === 52)).toBe(true);
    const audited = await searchAudit(db, { actor: undefined, path: undefined, model: undefined, on_behalf_of: undefined, response_id: undefined, status: undefined, limit: 100 });
    expect(new Set(audited.map((entry) => entry.responseId))).toEqual(new Set(ids));

    // On PGlite the history and the chain index gather rows arriving turn after turn: before, each run cost its own insert
    // and status update in both (72 statements for these 20 runs); now a few batches each (18 to 28 seen).
    const perRunTables = (writes.get('request_history') ?? 0) + (writes.get('seen_responses') ?? 0);
    if (kind === 'pglite') expect(perRunTables).toBeLessThanOrEqual(36);
  });

  it('a stream waiting for its first byte holds the history and chain-index writes (on PGlite) until its first chunk goes out', async () => {
    let answer: () => void = () => undefined;
    const isAsked = new Promise<void>((resolveAsked) => {
      upstream.respondWith((_request, reply) => {
        resolveAsked();
        answer = () => {
          reply.writeHead(200, { 'Content-Type': 'text/event-stream' });
          reply.write(sseEvent({ type: 'response.created', sequence_number: 0, response: response('resp_first_byte', 'in_progress') }));
          reply.end(sseEvent({ type: 'response.completed', sequence_number: 1, response: response('resp_first_byte', 'completed') }));
        };
      });
    });
    const routes = await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-test-writes' }, () => vi.resetModules());
    const { isAnyAwaitingFirstByte } = await import('@/lib/db/write-hold');
    const { holdsWrites } = await import('@/lib/db');
    expect(isAnyAwaitingFirstByte()).toBe(false);
    const body = JSON.stringify({ model: 'm', input: 'first byte', stream: true });
    const replied = routes.responses.POST(new Request(`${ORIGIN}/api/responses`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
    await isAsked;
    expect(isAnyAwaitingFirstByte()).toBe(true);
    // PostgreSQL works beside the event loop: nothing is held there.
    expect(holdsWrites()).toBe(kind === 'pglite');
    answer();
    const reader = (await replied).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('response.created');
    expect(isAnyAwaitingFirstByte()).toBe(false);
    expect(holdsWrites()).toBe(false);
    while (!(await reader.read()).done);
    // The run's recording and audit entry are written before the next test (its database) starts.
    await (await import('@/lib/recordings/recorder')).whenRecordingsWritten();
    await (await import('@/lib/audit/writer')).flushAudit();
  });

  it('a status recorded while its run is still being gathered is applied after the run is written, not lost', async () => {
    await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url }, () => vi.resetModules());
    const { recordSentRequest, recordSentRequestStatus } = await import('@/lib/history/record');
    const { recordSeenResponse, recordSeenStatus } = await import('@/lib/chains/record');
    const { searchHistory } = await import('@/lib/history/store');
    const { getSeenResponse } = await import('@/lib/chains/index-store');
    const id = 'resp_cancelled_at_once';
    const created = [
      recordSentRequest({ body: { model: 'm', input: 'cancel me' }, onBehalfOf: null, responseId: id, status: 'in_progress' }),
      recordSeenResponse({ id, previousResponseId: null, conversationId: null, model: 'm', status: 'in_progress', onBehalfOf: null, ownerId: null, stored: true }),
    ];
    // A cancel through another request: nothing chains it after the run's own records.
    await Promise.all([recordSentRequestStatus(id, 'cancelled'), recordSeenStatus(id, 'cancelled'), ...created]);
    expect((await searchHistory(db, id)).map((entry) => entry.status)).toEqual(['cancelled']);
    expect((await getSeenResponse(db, id))?.status).toBe('cancelled');
  });
});
