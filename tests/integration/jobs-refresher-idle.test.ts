// The job refresher on a real database: with no open job to poll it is idle (no timer, no statement), a background job the proxy records wakes it, a job
// created on another instance (a live event) wakes it too, and once every job has ended it is idle again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import type { ResponseGateway } from '@/lib/jobs/ports';
import { openTestDatabase } from '../support/databases';

const database: { handle?: DatabaseHandle; statements: number } = { statements: 0 };

/** The refresher's database, counting every statement it is asked to build (select, insert, update, execute, transaction). */
function countingDb(): unknown {
  const db = database.handle!.db as unknown as Record<string | symbol, unknown>;
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(key))) database.statements += 1;
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

vi.mock('@/lib/db', () => ({ getDb: async () => countingDb(), writeGatherMs: () => 0 }));

beforeAll(async () => {
  database.handle = await openTestDatabase('pglite');
}, 120_000);
afterAll(async () => {
  const { stopJobRefresher } = await import('@/lib/jobs/refresher');
  stopJobRefresher();
  await database.handle?.close();
});

const gatewayCalls: string[] = [];
const gateway: ResponseGateway = {
  retrieve: async (id) => {
    gatewayCalls.push(id);
    return { httpStatus: 200, body: { id, object: 'response', status: 'completed', model: 'local-agent' } };
  },
  cancel: async () => ({ httpStatus: 500, body: 'unused' }),
};

async function refresherState() {
  const { readJobRefresherState } = await import('@/lib/jobs/refresher');
  return readJobRefresherState();
}

async function waitUntilIdle(): Promise<number> {
  await vi.waitFor(async () => expect((await refresherState())?.state).toBe('idle'), { timeout: 20_000, interval: 50 });
  return (await refresherState())!.passes;
}

describe('the job refresher with nothing to watch', () => {
  it('is idle with no open job, and a background job recorded by the proxy wakes it: polled, completed, idle again', async () => {
    // Delivered by webhook before the refresher started: terminal jobs are nothing to watch.
    const { createJob, getJob } = await import('@/lib/jobs/store');
    await createJob(database.handle!.db, { responseId: 'resp_done_before', model: null, status: 'completed', onBehalfOf: null }, 'create');
    const { startJobRefresher, stopJobRefresher } = await import('@/lib/jobs/refresher');
    stopJobRefresher();
    startJobRefresher(gateway);
    const idlePasses = await waitUntilIdle();
    const idleStatements = database.statements;
    // Idle means no timer is armed: nothing runs again until a job changes (lib/jobs/refresh-loop.ts, tested on a moved clock).
    expect(await refresherState()).toEqual({ state: 'idle', passes: idlePasses });

    const { recordBackgroundJob } = await import('@/lib/jobs/record');
    await recordBackgroundJob({ ownerId: null, responseId: 'resp_woken', model: 'local-agent', status: 'queued', onBehalfOf: 'erin' });
    await vi.waitFor(async () => expect((await getJob(database.handle!.db, 'resp_woken'))?.status).toBe('completed'), { timeout: 20_000, interval: 50 });
    expect(gatewayCalls).toEqual(['resp_woken']);
    const afterPasses = await waitUntilIdle();
    expect(afterPasses).toBeGreaterThan(idlePasses);
    expect(database.statements).toBeGreaterThan(idleStatements);
  });

  it('a job another instance created (heard as a live event) wakes it as well', async () => {
    const before = await waitUntilIdle();
    const { jobs } = await import('@/lib/db/schema');
    const now = new Date();
    // Written as another instance would: the row, then its live event; this process's own change signal is not raised.
    await database.handle!.db.insert(jobs).values({ responseId: 'resp_elsewhere', model: null, onBehalfOf: null, status: 'in_progress', origin: 'playground', nextPollAt: now, createdAt: now, updatedAt: now });
    expect((await refresherState())?.passes).toBe(before);
    const { publishLiveEvent } = await import('@/lib/instances/events');
    publishLiveEvent({ type: 'job.status', response_id: 'resp_elsewhere', status: 'in_progress', owner_id: null, shared: false });
    await vi.waitFor(() => expect(gatewayCalls).toContain('resp_elsewhere'), { timeout: 20_000, interval: 50 });
    expect(await waitUntilIdle()).toBeGreaterThan(before);
  });
});

describe('a status no server has checked', () => {
  it('the jobs API says when the overdue poll fell due (the page shows "may be stale"), and nothing once it is checked', async () => {
    const { startJobRefresher, stopJobRefresher } = await import('@/lib/jobs/refresher');
    stopJobRefresher();
    const { createJob, getJob } = await import('@/lib/jobs/store');
    const { listJobSummaries } = await import('@/lib/jobs/views');
    await createJob(database.handle!.db, { responseId: 'resp_unchecked', model: null, status: 'in_progress', onBehalfOf: null }, 'create');
    const dueAt = (await getJob(database.handle!.db, 'resp_unchecked'))!.nextPollAt!;
    const summaryAt = async (now: Date) => (await listJobSummaries(database.handle!.db, { q: 'resp_unchecked' }, { now, stallAfterMs: 3_600_000 }))[0]!;
    expect((await summaryAt(dueAt)).pollOverdueSince).toBeNull();
    expect((await summaryAt(new Date(dueAt.getTime() + 60_000))).pollOverdueSince).toBe(dueAt.toISOString());

    startJobRefresher(gateway);
    await vi.waitFor(async () => expect((await getJob(database.handle!.db, 'resp_unchecked'))?.status).toBe('completed'), { timeout: 20_000, interval: 50 });
    expect((await summaryAt(new Date(dueAt.getTime() + 60_000))).pollOverdueSince).toBeNull();
  });
});
