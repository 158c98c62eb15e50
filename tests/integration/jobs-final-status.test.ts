// The jobs refresher's polls, the jobs page's cancel and track, and webhooks record the status they learn in the job, the history and the chain index (under the run id an alias stands for), forward only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getSeenResponse, recordAliases, upsertSeenResponse } from '@/lib/chains/index-store';
import type { DatabaseHandle, Db } from '@/lib/db/open';
import { jobs } from '@/lib/db/schema';
import { insertHistoryEntry, searchHistory } from '@/lib/history/store';
import { cancelJob, trackResponse } from '@/lib/jobs/actions';
import { applyResponseStatus } from '@/lib/jobs/apply-status';
import type { GatewayReply, ResponseGateway } from '@/lib/jobs/ports';
import { refreshDueJobs } from '@/lib/jobs/refresh';
import { createJob, getJob } from '@/lib/jobs/store';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';

const reply = (id: string, status: string): GatewayReply => ({ httpStatus: 200, body: { id, object: 'response', status, model: 'local-agent' } });

/** Each retrieve answers the next scripted status for that id (the last one repeats); cancel answers `cancelled`. */
function scriptedGateway(script: Record<string, string[]>): ResponseGateway {
  return {
    async retrieve(id) {
      const statuses = script[id] ?? [];
      return reply(id, (statuses.length > 1 ? statuses.shift() : statuses[0]) ?? 'queued');
    },
    async cancel(id) {
      return reply(id, 'cancelled');
    },
  };
}

/** A background run the proxy recorded at creation: job, history entry and chain index entry, all `queued`. */
async function recordCreated(db: Db, responseId: string): Promise<void> {
  await createJob(db, { responseId, model: 'local-agent', status: 'queued', onBehalfOf: null }, 'create', new Date(Date.now() - 10_000));
  await insertHistoryEntry(db, { body: { model: 'local-agent', input: `run ${responseId}`, background: true }, onBehalfOf: null, responseId, status: 'queued' });
  await upsertSeenResponse(db, { id: responseId, previousResponseId: null, conversationId: null, model: 'local-agent', status: 'queued', onBehalfOf: null });
}

async function recorded(db: Db, responseId: string) {
  return {
    job: (await getJob(db, responseId))?.status ?? null,
    history: (await searchHistory(db, responseId)).find((entry) => entry.responseId === responseId)?.status ?? null,
    chain: (await getSeenResponse(db, responseId))?.status ?? null,
  };
}

const makeDue = (db: Db, responseId: string) => db.update(jobs).set({ nextPollAt: new Date(0) }).where(eq(jobs.responseId, responseId));

describe.each(DATABASE_KINDS)('statuses the jobs feature learns, on %s', (kind) => {
  // One database per kind (every test uses its own response ids): opening PGlite per test timed out on a loaded machine.
  let handle: DatabaseHandle;
  let db: Db;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('a run nobody polls through the proxy ends completed in the history and the chain index once the refresher sees it end', async () => {
    await recordCreated(db, 'resp_polled');
    const gateway = scriptedGateway({ resp_polled: ['in_progress', 'completed'] });

    expect(await refreshDueJobs(db, gateway)).toEqual({ polled: 1, changed: 1 });
    expect(await recorded(db, 'resp_polled')).toEqual({ job: 'in_progress', history: 'in_progress', chain: 'in_progress' });
    await makeDue(db, 'resp_polled');
    expect(await refreshDueJobs(db, gateway)).toEqual({ polled: 1, changed: 1 });
    expect(await recorded(db, 'resp_polled')).toEqual({ job: 'completed', history: 'completed', chain: 'completed' });
  });

  it('a cancel from the jobs page records cancelled in the history and the chain index', async () => {
    await recordCreated(db, 'resp_cancelled');
    expect(await cancelJob(db, scriptedGateway({}), 'resp_cancelled')).toEqual({ kind: 'ok', httpStatus: 200 });
    expect(await recorded(db, 'resp_cancelled')).toEqual({ job: 'cancelled', history: 'cancelled', chain: 'cancelled' });
  });

  it('tracking a response on the jobs page records the status it has now in the history and the chain index', async () => {
    await insertHistoryEntry(db, { body: { model: 'local-agent', input: 'sent from another tab' }, onBehalfOf: null, responseId: 'resp_tracked', status: 'in_progress' });
    await upsertSeenResponse(db, { id: 'resp_tracked', previousResponseId: null, conversationId: null, model: 'local-agent', status: 'in_progress', onBehalfOf: null });
    expect(await trackResponse(db, scriptedGateway({ resp_tracked: ['completed'] }), 'resp_tracked', null)).toEqual({ kind: 'ok', httpStatus: 201 });
    expect(await recorded(db, 'resp_tracked')).toEqual({ job: 'completed', history: 'completed', chain: 'completed' });
  });

  it('a status naming the run by another id (a signed webhook from a gateway that renames responses) moves the job, the history and the index of the run', async () => {
    await recordCreated(db, 'resp_run_named');
    await recordAliases(db, 'resp_run_named', ['backend_id_9']);
    expect(await applyResponseStatus(db, 'backend_id_9', 'completed', 'webhook')).toBe(true);
    expect(await recorded(db, 'resp_run_named')).toEqual({ job: 'completed', history: 'completed', chain: 'completed' });
    expect(await getJob(db, 'backend_id_9')).toBeNull();
  });

  it('a poll never moves the history or the chain index backwards, and fills them in when the job row already moved', async () => {
    await recordCreated(db, 'resp_late');
    // The stream already told the history and the index the run failed; a poll still seeing in_progress changes neither.
    await insertHistoryEntry(db, { body: { model: 'local-agent', input: 'again' }, onBehalfOf: null, responseId: 'resp_ahead', status: 'failed' });
    await createJob(db, { responseId: 'resp_ahead', model: 'local-agent', status: 'queued', onBehalfOf: null }, 'create', new Date(Date.now() - 10_000));
    await upsertSeenResponse(db, { id: 'resp_ahead', previousResponseId: null, conversationId: null, model: 'local-agent', status: 'failed', onBehalfOf: null });
    // The job row reached in_progress on a path that did not record the history: a poll that changes no job still records it there.
    await db.update(jobs).set({ status: 'in_progress' }).where(eq(jobs.responseId, 'resp_late'));

    expect(await refreshDueJobs(db, scriptedGateway({ resp_ahead: ['in_progress'], resp_late: ['in_progress'] }))).toEqual({ polled: 2, changed: 1 });
    expect(await recorded(db, 'resp_ahead')).toEqual({ job: 'in_progress', history: 'failed', chain: 'failed' });
    expect(await recorded(db, 'resp_late')).toEqual({ job: 'in_progress', history: 'in_progress', chain: 'in_progress' });
  });
});
