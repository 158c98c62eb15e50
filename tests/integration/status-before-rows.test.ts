// A status that reaches a background run before its create's history entry and chain-index row are written (a cancel, a
// poll, a webhook): the job holds it, and those rows start with it, whatever order the writes took.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { getSeenResponse, upsertSeenResponses, type SeenResponse } from '@/lib/chains/index-store';
import type { DatabaseHandle } from '@/lib/db/open';
import { insertHistoryEntries, insertHistoryEntry, searchHistory } from '@/lib/history/store';
import { applyResponseStatus } from '@/lib/jobs/apply-status';
import { createJob, getJob } from '@/lib/jobs/store';
import { DATABASE_KINDS, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

const sighting = (id: string, status: string | null): SeenResponse => ({ id, previousResponseId: null, conversationId: null, model: 'local-echo', status, onBehalfOf: null });
const sent = (responseId: string, status: string | null) => ({ body: { model: 'local-echo', input: 'stream 20000 words', background: true }, onBehalfOf: null, responseId, status });
const job = (responseId: string, status: string) => ({ responseId, model: 'local-echo', onBehalfOf: null, ownerId: null, status, origin: 'playground' as const });

async function statusesOf(db: DatabaseHandle['db'], id: string) {
  const history = (await searchHistory(db, id)).filter((entry) => entry.responseId === id).map((entry) => entry.status);
  return { history, chain: (await getSeenResponse(db, id))?.status ?? null };
}

describe.each(DATABASE_KINDS)('a status learned before the rows of the create are written, on %s', (kind) => {
  it('a cancel that reached the job first is what the history entry and the chain-index row start with', async () => {
    const { db } = await databases.open(kind);
    await createJob(db, job('resp_cancelled_early', 'queued'), 'create');
    // The cancel's writes: the job moves, the history and the chain index have no row to move yet.
    expect(await applyResponseStatus(db, 'resp_cancelled_early', 'cancelled', 'poll')).toBe(true);
    expect(await statusesOf(db, 'resp_cancelled_early')).toEqual({ history: [], chain: null });

    // Then the create's rows arrive, carrying the status the stream's response.created named.
    await insertHistoryEntries(db, [sent('resp_cancelled_early', 'queued')]);
    await insertHistoryEntry(db, sent('resp_cancelled_early', 'queued'));
    await upsertSeenResponses(db, [sighting('resp_cancelled_early', 'queued')]);
    expect(await statusesOf(db, 'resp_cancelled_early')).toEqual({ history: ['cancelled', 'cancelled'], chain: 'cancelled' });
    expect((await getJob(db, 'resp_cancelled_early'))?.status).toBe('cancelled');
  });

  it('a row keeps its own status when it is further along than the job, or when there is no job; no status takes the job\'s', async () => {
    const { db } = await databases.open(kind);
    await createJob(db, job('resp_job_behind', 'queued'), 'create');
    await createJob(db, job('resp_no_status', 'in_progress'), 'create');
    await insertHistoryEntries(db, [sent('resp_job_behind', 'completed'), sent('resp_no_job', 'queued'), sent('resp_no_status', null)]);
    await upsertSeenResponses(db, [sighting('resp_job_behind', 'completed'), sighting('resp_no_job', 'queued'), sighting('resp_no_status', null)]);
    expect(await statusesOf(db, 'resp_job_behind')).toEqual({ history: ['completed'], chain: 'completed' });
    expect(await statusesOf(db, 'resp_no_job')).toEqual({ history: ['queued'], chain: 'queued' });
    expect(await statusesOf(db, 'resp_no_status')).toEqual({ history: ['in_progress'], chain: 'in_progress' });
    // A later sighting of a row that exists never moves a final status back, whatever the job says.
    await upsertSeenResponses(db, [sighting('resp_job_behind', 'in_progress')]);
    expect((await getSeenResponse(db, 'resp_job_behind'))?.status).toBe('completed');
  });
});

describe('a job update in flight while the create\'s rows are inserted, on PostgreSQL', () => {
  it('the insert waits for it to commit and starts with its status', async () => {
    const handle = await databases.open('postgres');
    const { db } = handle;
    await createJob(db, job('resp_cancel_in_flight', 'queued'), 'create');
    const other = new pg.Client({ connectionString: handle.options.databaseUrl });
    await other.connect();
    try {
      // Another instance's cancel has moved the job but not committed yet.
      await other.query('BEGIN');
      await other.query(`UPDATE jobs SET status = 'cancelled' WHERE response_id = 'resp_cancel_in_flight'`);
      let settled = false;
      const inserting = Promise.all([
        insertHistoryEntries(db, [sent('resp_cancel_in_flight', 'queued')]),
        upsertSeenResponses(db, [sighting('resp_cancel_in_flight', 'queued')]),
      ]).finally(() => (settled = true));
      // Both inserts must be seen waiting on the job row's lock (an insert that did not wait would settle instead).
      const deadline = Date.now() + 20_000;
      for (;;) {
        // Inside a transaction the activity view is read once and kept: drop that copy before each look.
        await other.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await other.query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (rows[0]!.waiting === 2) break;
        if (settled) throw new Error('the inserts did not wait for the job update in flight');
        if (Date.now() > deadline) throw new Error(`the inserts were not seen waiting (${rows[0]!.waiting} waiting)`);
      }
      expect(settled).toBe(false);
      await other.query('COMMIT');
      await inserting;
      expect(await statusesOf(db, 'resp_cancel_in_flight')).toEqual({ history: ['cancelled'], chain: 'cancelled' });
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
  });
});
