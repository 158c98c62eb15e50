// A production server stopped (SIGTERM) just after a streamed run still stores that run's history row and final status,
// chain-index entry, recording and audit entry: the stop waits for the writes its replies queued. The tables are locked
// meanwhile, so the writes cannot finish before the stop, whatever the machine's speed; without the drain the server
// exits with them unwritten.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app-process';
import { makePostgresDatabase } from '../support/databases';
import { startTestGateway, TEST_API_KEY, type TestGateway } from '../support/local-gateway';
import { findFreePort } from '../support/ports';
import { assertBuilt } from '../support/team-app';

const LOCKED_TABLES = ['request_history', 'seen_responses', 'recordings', 'audit_log'];
/** How long the tables stay locked after SIGTERM: a server that does not wait for its writes has exited by then. */
const LOCKED_AFTER_STOP_MS = 1_500;

let databaseUrl: string;
let gateway: TestGateway;
let app: RunningApp | undefined;
const locker = { client: null as pg.Client | null };

beforeAll(async () => {
  databaseUrl = await makePostgresDatabase();
  gateway = await startTestGateway();
  app = await startApp(await findFreePort(), {
    NEXT_DIST_DIR: assertBuilt(),
    DATABASE_URL: databaseUrl,
    GATEWAY_BASE_URL: gateway.url,
    GATEWAY_API_KEY: TEST_API_KEY,
  });
}, 180_000);

afterAll(async () => {
  await locker.client?.query('ROLLBACK').catch(() => undefined);
  await locker.client?.end().catch(() => undefined);
  await app?.stop(5_000);
  await gateway?.close();
});

/** Streams a create through the app's proxy to its end; returns the response id and the text. */
async function streamRun(url: string, input: string): Promise<{ id: string; text: string }> {
  const reply = await fetch(`${url}/api/responses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ model: 'local-agent', input, stream: true }),
  });
  expect(reply.status).toBe(200);
  const text = await reply.text();
  const id = /"id":"(resp_[^"]+)"/.exec(text)?.[1];
  if (!id) throw new Error(`no response id in the stream: ${text.slice(0, 300)}`);
  return { id, text };
}

async function rowsOf(id: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const history = await client.query('SELECT status FROM request_history WHERE response_id = $1', [id]);
    const seen = await client.query('SELECT status FROM seen_responses WHERE id = $1', [id]);
    const recordings = await client.query('SELECT status FROM recordings WHERE response_id = $1', [id]);
    const audit = await client.query('SELECT method, path, status FROM audit_log WHERE response_id = $1', [id]);
    return { history: history.rows, seen: seen.rows, recordings: recordings.rows, audit: audit.rows };
  } finally {
    await client.end();
  }
}

describe('a stop (SIGTERM) of next start', () => {
  it('waits for the rows, statuses, recording and audit entry of a run that just ended, and then exits', async () => {
    const running = app!;
    locker.client = new pg.Client({ connectionString: databaseUrl });
    await locker.client.connect();
    await locker.client.query('BEGIN');
    // Reads go on (EXCLUSIVE lets SELECT through); inserts and updates wait for the commit.
    await locker.client.query(`LOCK TABLE ${LOCKED_TABLES.join(', ')} IN EXCLUSIVE MODE`);

    const run = await streamRun(running.url, 'Say something that is kept.');
    expect(run.text).toContain('response.completed');
    const stopping = running.stop(30_000);
    const early = await Promise.race([stopping.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('still running'), LOCKED_AFTER_STOP_MS))]);
    await locker.client.query('COMMIT');
    const exit = await stopping;
    app = undefined;

    expect(early).toBe('still running');
    // Next.js's own exit code for SIGTERM, reached by itself: not our SIGKILL after the grace time.
    expect({ code: exit.code, signal: exit.signal, timedOut: exit.timedOut }).toEqual({ code: 143, signal: null, timedOut: false });
    expect(await rowsOf(run.id)).toEqual({
      history: [{ status: 'completed' }],
      seen: [{ status: 'completed' }],
      recordings: [{ status: 'completed' }],
      audit: [{ method: 'POST', path: '/responses', status: 200 }],
    });
  }, 120_000);
});
