import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/open';
import { gatewayResponses } from '@/lib/db/schema/gateway';
import { createLocalGateway } from '@/lib/local-gateway';
import { findResponse, insertResponse, type NewStoredResponse } from '@/lib/local-gateway/store';
import { DATABASE_KINDS, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

const WRITES = ['insert', 'update', 'execute', 'delete'] as const;

/** The database with a count of the statements the gateway starts through it (reads go through select). */
function countingDb(db: Db): { db: Db; counts: Record<(typeof WRITES)[number], number> } {
  const counts = { insert: 0, update: 0, execute: 0, delete: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if ((WRITES as readonly string[]).includes(String(key))) counts[key as keyof typeof counts] += 1;
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return { db: proxy, counts };
}

function post(body: unknown): Request {
  return new Request('http://127.0.0.1/api/v1/llm/responses', {
    method: 'POST',
    headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const get = (id: string) => new Request(`http://127.0.0.1/api/v1/llm/responses/${id}`, { headers: { authorization: 'Bearer k' } });

function lastEvent(sse: string): { type: string; response: { id: string; status: string; output_text: string } } {
  const records = sse.split('\n\n').filter((block) => block.startsWith('event:'));
  return JSON.parse(records[records.length - 1]!.split('\n')[1]!.slice('data: '.length)) as ReturnType<typeof lastEvent>;
}

describe.each(DATABASE_KINDS)('local gateway row writes on %s', (kind) => {
  it('a zero-paced stream is stored in one write, found by a GET right after its last event, and kept after close', async () => {
    const handle = await databases.open(kind);
    const { db, counts } = countingDb(handle.db);
    const gateway = createLocalGateway({ getDb: async () => db, apiKeys: ['k'], webhookAllow: [], publicOrigin: 'http://127.0.0.1:1', tokensPerSecond: 0 });
    const streamed = await gateway.handle(post({ model: 'local-agent', input: 'Tell me about writes.', stream: true }));
    const completed = lastEvent(await streamed.text());
    expect(completed.type).toBe('response.completed');

    const retrieved = await gateway.handle(get(completed.response.id));
    expect(retrieved.status).toBe(200);
    expect(await retrieved.json()).toMatchObject({ id: completed.response.id, status: 'completed', output_text: completed.response.output_text });
    await gateway.close();

    // One row insert (one plain statement) carrying the finished response: no insert-then-update, no separate final save.
    expect(counts).toEqual({ insert: 0, update: 0, execute: 1, delete: 0 });
    const row = await findResponse(handle.db, completed.response.id, (await findOwner(handle.db, completed.response.id)) ?? '');
    expect(row?.status).toBe('completed');
    expect((row?.response as { output_text: string }).output_text).toBe(completed.response.output_text);
  });

  it('store: false keeps its tombstone in one write; a JSON answer is stored finished in one write', async () => {
    const handle = await databases.open(kind);
    const { db, counts } = countingDb(handle.db);
    const gateway = createLocalGateway({ getDb: async () => db, apiKeys: ['k'], webhookAllow: [], publicOrigin: 'http://127.0.0.1:1', tokensPerSecond: 0 });
    const unstored = lastEvent(await (await gateway.handle(post({ model: 'local-agent', input: 'Forget this.', stream: true, store: false }))).text());
    expect((await gateway.handle(get(unstored.response.id))).status).toBe(404);
    const json = (await (await gateway.handle(post({ model: 'local-agent', input: 'Answer as JSON.' }))).json()) as { id: string; status: string };
    expect(json.status).toBe('completed');
    expect(((await (await gateway.handle(get(json.id))).json()) as { status: string }).status).toBe('completed');
    await gateway.close();

    expect(counts).toEqual({ insert: 0, update: 0, execute: 2, delete: 0 });
    const tombstone = await findResponse(handle.db, unstored.response.id, (await findOwner(handle.db, unstored.response.id)) ?? '');
    expect(tombstone).toMatchObject({ stored: false, status: 'completed', response: { id: unstored.response.id, object: 'response', status: 'completed' } });
  });
});

describe.each(DATABASE_KINDS)('local gateway insert batches on %s', (kind) => {
  it('a row the database refuses fails only its own insert: the others of its batch are stored', async () => {
    const handle = await databases.open(kind);
    const row = (id: string, text = `answer of ${id}`): NewStoredResponse => ({
      id,
      ownerKey: 'owner',
      status: 'completed',
      request: { model: 'local-agent' },
      response: { id, object: 'response', status: 'completed', output_text: text },
      inputItems: [],
    });
    await insertResponse(handle.db, row('resp_taken'));
    // Added in one turn, so they go in one batch: a taken id (unique violation), a builder that throws, and good rows.
    const settled = await Promise.allSettled([
      insertResponse(handle.db, row('resp_a')),
      insertResponse(handle.db, row('resp_taken', 'a second row with a taken id')),
      insertResponse(handle.db, () => row('resp_b')),
      insertResponse(handle.db, () => {
        throw new Error('this row cannot be built');
      }),
      insertResponse(handle.db, row('resp_c', 'text \u0000 with a NUL')),
    ]);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(((settled[3] as PromiseRejectedResult).reason as Error).message).toBe('this row cannot be built');
    for (const [id, text] of [
      ['resp_a', 'answer of resp_a'],
      ['resp_b', 'answer of resp_b'],
      ['resp_c', 'text \u0000 with a NUL'],
      ['resp_taken', 'answer of resp_taken'],
    ]) {
      expect((await findResponse(handle.db, id!, 'owner'))?.response).toMatchObject({ id, output_text: text });
    }
  });

  it('the plain insert stores every column as the schema reads it back: flags, links, JSON with unstorable text, timestamps', async () => {
    const handle = await databases.open(kind);
    const before = Date.now();
    const odd = 'nul \u0000, lone \ud800, escape \ue000 and ☃';
    const written = {
      id: 'resp_full',
      ownerKey: 'owner',
      status: 'in_progress',
      background: true,
      stream: true,
      stored: false,
      previousResponseId: 'resp_prev',
      conversationId: `conv ${odd}`,
      request: { input: odd, [`key ${odd}`]: [1, null, true] },
      response: { id: 'resp_full', status: 'in_progress', output_text: odd },
      inputItems: [{ type: 'message', content: odd }],
    } satisfies NewStoredResponse;
    await Promise.all([
      insertResponse(handle.db, written),
      insertResponse(handle.db, { id: 'resp_plain', ownerKey: 'owner', status: 'queued', request: {}, response: {}, inputItems: [], updatedAt: new Date(before - 60_000) }),
    ]);
    const [full] = await handle.db.select().from(gatewayResponses).where(eq(gatewayResponses.id, 'resp_full'));
    // Read back as written, every column (the literal is spelled once so the two cannot drift apart).
    expect(full).toMatchObject({ ...written, deletedAt: null });
    expect(full!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(full!.updatedAt.getTime()).toBe(full!.createdAt.getTime());
    const [plain] = await handle.db.select().from(gatewayResponses).where(eq(gatewayResponses.id, 'resp_plain'));
    expect(plain).toMatchObject({ background: false, stream: false, stored: true, previousResponseId: null, conversationId: null, updatedAt: new Date(before - 60_000) });
  });
});

describe('local gateway inserts on PGlite', () => {
  it('streams arriving turn after turn (as over HTTP) are inserted together, not one statement each', async () => {
    const handle = await databases.open('pglite');
    const execute = handle.db.execute.bind(handle.db);
    let statements = 0;
    // Counted on the object itself: the gathering under test is turned on by what the database is (lib/db/open's isPgliteDb).
    handle.db.execute = ((query: Parameters<typeof execute>[0]) => {
      statements += 1;
      return execute(query);
    }) as typeof handle.db.execute;
    const gateway = createLocalGateway({ getDb: async () => handle.db, apiKeys: ['k'], webhookAllow: [], publicOrigin: 'http://127.0.0.1:1', tokensPerSecond: 0 });
    const streams: Promise<string>[] = [];
    for (let at = 0; at < 20; at += 1) {
      streams.push(gateway.handle(post({ model: 'local-agent', input: `Stream ${at}`, stream: true })).then((response) => response.text()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const ids = (await Promise.all(streams)).map((sse) => lastEvent(sse).response.id);
    await gateway.close();
    expect(statements).toBeLessThanOrEqual(10);
    for (const id of ids) expect((await handle.db.select({ status: gatewayResponses.status }).from(gatewayResponses).where(eq(gatewayResponses.id, id)))[0]?.status).toBe('completed');
  });
});

async function findOwner(db: Db, id: string): Promise<string | null> {
  const rows = await db.select({ ownerKey: gatewayResponses.ownerKey }).from(gatewayResponses).where(eq(gatewayResponses.id, id));
  return rows[0]?.ownerKey ?? null;
}
