import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/open';
import { jobs } from '@/lib/db/schema';
import { cancelJob, trackResponse } from '@/lib/jobs/actions';
import type { GatewayReply, ResponseGateway } from '@/lib/jobs/ports';
import { refreshDueJobs } from '@/lib/jobs/refresh';
import { nextPollDelayMs } from '@/lib/jobs/status';
import { applyJobStatus, createJob, getJob, listHistory, resumeOpenJobs } from '@/lib/jobs/store';
import { getJobDetail, listJobSummaries } from '@/lib/jobs/views';
import { createCapture } from '@/lib/webhooks/captures';
import { listResponseDeliveryViews } from '@/lib/webhooks/deliveries';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { DATABASE_KINDS, openTestDatabase, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

/** A scripted gateway: each retrieve answers the next reply for that id (the last one repeats). */
function scriptedGateway(script: Record<string, GatewayReply[]>): ResponseGateway & { calls: string[] } {
  const calls: string[] = [];
  const next = (id: string) => {
    const replies = script[id] ?? [{ httpStatus: 404, body: { error: { message: 'not found', type: 'invalid_request_error', param: null, code: null } } }];
    return replies.length > 1 ? replies.shift()! : replies[0]!;
  };
  return {
    calls,
    async retrieve(id, onBehalfOf) {
      calls.push(`GET ${id} as ${onBehalfOf}`);
      return next(id);
    },
    async cancel(id, onBehalfOf) {
      calls.push(`CANCEL ${id} as ${onBehalfOf}`);
      return { httpStatus: 200, body: { id, object: 'response', status: 'cancelled' } };
    },
  };
}
const response = (id: string, status: string): GatewayReply => ({ httpStatus: 200, body: { id, object: 'response', status, model: 'local-agent' } });

describe.each(DATABASE_KINDS)('jobs on %s', (kind) => {
  it('records history only on forward changes, with the source of each', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect(await createJob(db, { responseId: 'resp_1', model: 'local-agent', status: 'queued', onBehalfOf: 'alice' }, 'create', t0)).toBe(true);
    expect(await createJob(db, { responseId: 'resp_1', model: 'local-agent', status: 'queued', onBehalfOf: 'alice' }, 'create', t0)).toBe(false);
    expect(await applyJobStatus(db, 'resp_1', 'queued', 'poll')).toBe(false);
    expect(await applyJobStatus(db, 'resp_1', 'in_progress', 'stream', new Date(t0.getTime() + 2_000))).toBe(true);
    expect(await applyJobStatus(db, 'resp_1', 'queued', 'webhook')).toBe(false);
    expect(await applyJobStatus(db, 'resp_1', 'completed', 'webhook', new Date(t0.getTime() + 5_000))).toBe(true);
    expect(await applyJobStatus(db, 'resp_1', 'failed', 'poll')).toBe(false);
    expect(await applyJobStatus(db, 'resp_unknown', 'completed', 'poll')).toBe(false);
    const history = (await listHistory(db, ['resp_1'])).get('resp_1')!;
    expect(history.map((entry) => `${entry.status}/${entry.source}`)).toEqual(['queued/create', 'in_progress/stream', 'completed/webhook']);
    const [summary] = await listJobSummaries(db, { status: 'completed', q: 'SP_1' }, { now: new Date(), stallAfterMs: 60_000 });
    expect(summary).toMatchObject({ id: 'resp_1', isTerminal: true, stall: null });
    expect(summary?.durations.map((state) => [state.status, state.ms])).toEqual([
      ['queued', 2_000],
      ['in_progress', 3_000],
      ['completed', null],
    ]);
    expect(await listJobSummaries(db, { status: 'queued' }, { now: new Date(), stallAfterMs: 60_000 })).toEqual([]);
  });

  it('polls due jobs as their user with backoff until terminal, stops on 404, and resumes after a reopen', async () => {
    const handle = await openTestDatabase(kind);
    const { db } = handle;
    const start = new Date();
    await createJob(db, { responseId: 'resp_p', model: 'local-agent', status: 'queued', onBehalfOf: 'bob' }, 'create', new Date(start.getTime() - 10_000));
    await createJob(db, { responseId: 'resp_gone', model: null, status: 'queued', onBehalfOf: null }, 'create', new Date(start.getTime() - 10_000));
    const gateway = scriptedGateway({ resp_p: [response('resp_p', 'queued'), response('resp_p', 'in_progress'), response('resp_p', 'completed')] });

    const polledFrom = Date.now();
    expect(await refreshDueJobs(db, gateway, start)).toEqual({ polled: 2, changed: 0 });
    const polledBy = Date.now();
    expect(gateway.calls).toContain('GET resp_p as bob');
    const afterFirst = await getJob(db, 'resp_p');
    expect(afterFirst?.pollAttempts).toBe(1);
    // The next poll is the backoff's delay after this one, however long the poll and this read took.
    expect(nextPollDelayMs(1)).toBe(2_000);
    expect(afterFirst!.nextPollAt!.getTime()).toBeGreaterThanOrEqual(polledFrom + 2_000);
    expect(afterFirst!.nextPollAt!.getTime()).toBeLessThanOrEqual(polledBy + 2_000);
    const gone = await getJob(db, 'resp_gone');
    expect(gone).toMatchObject({ nextPollAt: null, status: 'queued' });
    expect(gone?.lastError).toContain('404');
    expect(await refreshDueJobs(db, gateway, start)).toEqual({ polled: 0, changed: 0 });

    await handle.close();
    const reopened = await openDatabase(handle.options);
    databases.closeAfter(reopened);
    expect(await resumeOpenJobs(reopened.db, new Date())).toBe(1);
    expect(await refreshDueJobs(reopened.db, gateway, new Date())).toEqual({ polled: 1, changed: 1 });
    await reopened.db.update(jobs).set({ nextPollAt: new Date(0) }).where(eq(jobs.responseId, 'resp_p'));
    expect(await refreshDueJobs(reopened.db, gateway, new Date())).toEqual({ polled: 1, changed: 1 });
    const done = await getJob(reopened.db, 'resp_p');
    expect(done).toMatchObject({ status: 'completed', nextPollAt: null });
    const history = (await listHistory(reopened.db, ['resp_p'])).get('resp_p')!;
    expect(history.map((entry) => `${entry.status}/${entry.source}`)).toEqual(['queued/create', 'in_progress/poll', 'completed/poll']);
  });

  it('tracks a pasted id, passes a 404 through, cancels, and builds the timeline with retries grouped', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const gateway = scriptedGateway({ resp_t: [response('resp_t', 'in_progress')] });
    expect(await trackResponse(db, gateway, 'resp_t', 'carol')).toEqual({ kind: 'ok', httpStatus: 201 });
    const missing = await trackResponse(db, gateway, 'resp_missing', null);
    expect(missing).toMatchObject({ kind: 'upstream', reply: { httpStatus: 404 } });
    expect(await getJob(db, 'resp_missing')).toBeNull();

    const capture = await createCapture(db, 'http://127.0.0.1:4599');
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'response.in_progress', created_at: Math.floor(Date.now() / 1000), data: { id: 'resp_t', status: 'in_progress' } });
    const signature = `sha256=${createHmac('sha256', capture.secret).update(body).digest('hex')}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const request = new Request(capture.url, { method: 'POST', body, headers: { 'x-webhook-id': 'wh_t1', 'x-webhook-signature': signature } });
      expect((await receiveDelivery(db, capture.id, request)).status).toBe(200);
    }
    expect(await cancelJob(db, gateway, 'resp_t')).toEqual({ kind: 'ok', httpStatus: 200 });
    expect(gateway.calls).toContain('CANCEL resp_t as carol');
    expect(await cancelJob(db, gateway, 'resp_t')).toEqual({ kind: 'not-cancellable', status: 'cancelled' });
    expect(await cancelJob(db, gateway, 'resp_nope')).toEqual({ kind: 'not-a-job' });

    const detail = await getJobDetail(db, 'resp_t', { now: new Date(), stallAfterMs: 60_000 }, listResponseDeliveryViews);
    expect(detail?.history.map((entry) => `${entry.status}/${entry.source}`)).toEqual(['in_progress/poll', 'cancelled/cancel']);
    expect(detail?.deliveries).toHaveLength(2);
    const kinds = detail?.timeline.map((entry) => (entry.kind === 'status' ? `status:${entry.status}` : entry.kind));
    expect(kinds).toEqual(['submitted', 'status:in_progress', 'delivery', 'status:cancelled']);
    const delivery = detail?.timeline.find((entry) => entry.kind === 'delivery');
    expect(delivery).toMatchObject({ webhookId: 'wh_t1', reportedStatus: 'in_progress', signatureValid: true });
    expect(delivery?.kind === 'delivery' && delivery.attempts.length).toBe(2);
    expect(delivery?.kind === 'delivery' && delivery.delayMs).toBeGreaterThanOrEqual(0);
  });
});

describe('stall flag', () => {
  it('flags a job queued longer than the limit, with a reason', async () => {
    const handle = await databases.open('pglite');
    await createJob(handle.db, { responseId: 'resp_s', model: null, status: 'queued', onBehalfOf: null }, 'create', new Date(Date.now() - 5_000));
    const [summary] = await listJobSummaries(handle.db, {}, { now: new Date(), stallAfterMs: 1_000 });
    expect(summary?.stall?.reason).toMatch(/^queued for \ds, over the 1s limit \(JOB_STALL_AFTER_MS\)/);
  });
});

describe('a job recorded after its first webhook', () => {
  it('counts as submitted no later than that webhook, so the timeline starts with submitted', async () => {
    const handle = await databases.open('pglite');
    const { db } = handle;
    const capture = await createCapture(db, 'http://127.0.0.1:4599');
    const body = JSON.stringify({ id: 'evt_q', object: 'event', type: 'response.queued', created_at: Math.floor(Date.now() / 1000), data: { id: 'resp_early', status: 'queued' } });
    const signature = `sha256=${createHmac('sha256', capture.secret).update(body).digest('hex')}`;
    const receivedAt = new Date(Date.now() - 500);
    const request = new Request(capture.url, { method: 'POST', body, headers: { 'x-webhook-id': 'evt_q', 'x-webhook-signature': signature } });
    expect((await receiveDelivery(db, capture.id, request, { now: () => receivedAt })).status).toBe(200);
    await createJob(db, { responseId: 'resp_early', model: null, status: 'queued', onBehalfOf: null }, 'create');
    expect((await getJob(db, 'resp_early'))?.createdAt.getTime()).toBe(receivedAt.getTime());
    const detail = await getJobDetail(db, 'resp_early', { now: new Date(), stallAfterMs: 60_000 }, listResponseDeliveryViews);
    expect(detail?.timeline.map((entry) => entry.kind)).toEqual(['submitted', 'status', 'delivery']);
  });
});
