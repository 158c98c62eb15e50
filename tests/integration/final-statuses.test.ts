// Runs through the proxy to the local gateway end with their final status in the history and the chain index, not the status at creation.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { getSeenResponse } from '@/lib/chains/index-store';
import { searchHistory } from '@/lib/history/store';
import { getJob } from '@/lib/jobs/store';
import { DATABASE_KINDS } from '../support/databases';
import { routeParams } from '../support/fake-upstream';
import { readSse, startTestGateway, TEST_API_KEY } from '../support/local-gateway';
import { setUpProxiedGateway } from '../support/proxy-harness';

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The proxy in front of a local gateway slow enough that a long answer is still running when it is cancelled (short answers still end within a second). */
function setUpProxy(kind: (typeof DATABASE_KINDS)[number]) {
  const { routes } = setUpProxiedGateway({
    start: () => startTestGateway({ tokensPerSecond: 400 }),
    settings: { GATEWAY_API_KEY: TEST_API_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' },
    database: kind,
  });
  const create = (body: Record<string, unknown>) =>
    routes.responses.POST(new Request('http://127.0.0.1/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
  return { routes, create };
}

/** The history entry's and the chain index's status for a response, once both hold `expected`. */
async function recordedStatuses(id: string, expected: string) {
  const { getDb } = await import('@/lib/db');
  const db = await getDb();
  const read = async () => ({
    history: (await searchHistory(db, id)).find((entry) => entry.responseId === id)?.status ?? null,
    chain: (await getSeenResponse(db, id))?.status ?? null,
  });
  return waitFor(read, (value) => value.history === expected && value.chain === expected, `${id} to be recorded ${expected}`);
}

/** Starts a streamed background run through the proxy and cancels it after its first chunk; returns its id and the stream's reader. */
async function startAndCancel({ routes, create }: ReturnType<typeof setUpProxy>) {
  const reply = await create({ model: 'local-echo', input: 'stream 20000 words', background: true, stream: true });
  const reader = reply.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  const id = /"id":"(resp_[^"]+)"/.exec(first)?.[1];
  expect(id).toBeDefined();
  const cancelled = await routes.cancel.POST(new Request(`http://127.0.0.1/api/responses/${id}/cancel`, { method: 'POST' }), routeParams(id!));
  expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
  return { id: id!, reader };
}

describe.each(DATABASE_KINDS)('final statuses of proxied runs, on %s', (kind) => {
  const proxy = setUpProxy(kind);
  const { routes, create } = proxy;

  it.each([
    ['completed', 'Say hello', {}],
    ['failed', 'Please simulate failure', {}],
    ['incomplete', 'Please simulate content filter', {}],
    ['completed', 'Say hello in the background', { background: true }],
  ])('a streamed run that ends %s (input %j) is recorded with that status, not the one at creation', async (expected, input, extra) => {
    const reply = await create({ model: 'local-echo', input, stream: true, ...extra });
    expect(reply.status).toBe(200);
    const { records } = await readSse(reply);
    const created = records[0]?.data.response as { id: string; status: string };
    expect(created.status).not.toBe(expected);
    expect(records.at(-1)?.event).toBe(`response.${expected}`);
    expect(await recordedStatuses(created.id, expected)).toEqual({ history: expected, chain: expected });
  });

  it('a non-streamed foreground run is recorded with the status of its final JSON', async () => {
    const reply = await create({ model: 'local-echo', input: 'Please simulate content filter' });
    const body = (await reply.json()) as { id: string; status: string };
    expect(body.status).toBe('incomplete');
    expect(await recordedStatuses(body.id, 'incomplete')).toEqual({ history: 'incomplete', chain: 'incomplete' });
  });

  it('a non-streamed background run moves from queued to completed when it is polled through the proxy', async () => {
    const reply = await create({ model: 'local-echo', input: 'Say hello', background: true });
    const { id, status } = (await reply.json()) as { id: string; status: string };
    expect(status).toBe('queued');
    await waitFor(
      async () => ((await (await routes.responseById.GET(new Request(`http://127.0.0.1/api/responses/${id}`), routeParams(id))).json()) as { status: string }).status,
      (polled) => polled === 'completed',
      'the gateway to finish',
    );
    expect(await recordedStatuses(id, 'completed')).toEqual({ history: 'completed', chain: 'completed' });
  });

  it('a streamed background run cancelled through the proxy is recorded cancelled', async () => {
    const { id, reader } = await startAndCancel(proxy);
    while (!(await reader.read()).done);
    expect(await recordedStatuses(id, 'cancelled')).toEqual({ history: 'cancelled', chain: 'cancelled' });
  });
});

describe('a cancel recorded before the create\'s history and chain-index rows are written, on PostgreSQL', () => {
  const proxy = setUpProxy('postgres');
  const HOLD_INSERTS_LOCK = 7_261_554_077;

  it('ends with both rows cancelled (the stream itself carries no cancelled event)', async () => {
    const { getDb } = await import('@/lib/db');
    const db = await getDb();
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // The create's inserts into both tables wait, before they read anything (a statement trigger), on a lock this test
      // holds until the cancel has reached the job; by then the cancel's own updates of both tables found no row.
      await holder.query('SELECT pg_advisory_lock($1)', [HOLD_INSERTS_LOCK]);
      await holder.query(`CREATE FUNCTION hold_inserts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_INSERTS_LOCK}); RETURN NULL; END $$`);
      for (const table of ['seen_responses', 'request_history']) await holder.query(`CREATE TRIGGER hold_inserts BEFORE INSERT ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION hold_inserts()`);
      const { id, reader } = await startAndCancel(proxy);
      await waitFor(async () => (await getJob(db, id))?.status ?? null, (status) => status === 'cancelled', 'the job to be cancelled');
      const waiting = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`;
      await waitFor(async () => (await holder.query<{ n: number }>(waiting)).rows[0]!.n, (count) => count === 2, 'both inserts to wait');
      await holder.query('SELECT pg_advisory_unlock($1)', [HOLD_INSERTS_LOCK]);
      while (!(await reader.read()).done);
      expect(await recordedStatuses(id, 'cancelled')).toEqual({ history: 'cancelled', chain: 'cancelled' });
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      for (const table of ['seen_responses', 'request_history']) await holder.query(`DROP TRIGGER IF EXISTS hold_inserts ON ${table}`).catch(() => undefined);
      await holder.query('DROP FUNCTION IF EXISTS hold_inserts()').catch(() => undefined);
      await holder.end();
    }
  });
});
