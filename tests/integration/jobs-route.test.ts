// The jobs routes in-process against a recording fake gateway: a gateway refusal passes through unchanged, a found response becomes a job, the wired ports reach the gateway and the deliveries.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import type { ResponseGateway } from '@/lib/jobs/ports';
import type { JobDetailReply as JobDetailOf } from '@/lib/jobs/views';
import type { DeliveryView } from '@/lib/webhooks/deliveries';
import { openTestDatabase } from '../support/databases';
import { json, routeParams } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

const database: { handle?: DatabaseHandle } = {};
vi.mock('@/lib/db', () => ({ getDb: async () => database.handle!.db, writeGatherMs: () => 0, holdsWrites: () => false }));

type JobDetailReply = JobDetailOf<DeliveryView>;
const { upstream, load } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: 'sk-server-0123456789' } });

beforeAll(async () => {
  database.handle = await openTestDatabase('pglite');
}, 120_000);
afterAll(async () => {
  await database.handle?.close();
});

async function loadJobRoutes() {
  await load();
  return { jobs: await import('@/app/api/jobs/route'), job: await import('@/app/api/jobs/[id]/route'), cancel: await import('@/app/api/jobs/[id]/cancel/route') };
}

/** Stops the process-wide refresher (a globalThis singleton) so the next start uses the given gateway. */
function stopRefresher(): void {
  const holder = globalThis as { __playgroundJobRefresher?: { stop: () => void } };
  holder.__playgroundJobRefresher?.stop();
  delete holder.__playgroundJobRefresher;
}

function track(body: unknown): Request {
  return new Request('http://127.0.0.1/api/jobs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('POST /api/jobs (track a response)', () => {
  it("passes the gateway's refusal through: its status and its envelope, byte for byte", async () => {
    const refusal = { error: { message: "Response with id 'resp_gone' not found.", type: 'invalid_request_error', param: 'response_id', code: 'not_found', request_id: 'req_up' } };
    upstream.respondWith(json(404, refusal));
    const routes = await loadJobRoutes();
    const reply = await routes.jobs.POST(track({ response_id: 'resp_gone', on_behalf_of: 'alice' }));
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual(refusal);
    const seen = upstream.requests.at(-1);
    expect([seen?.method, seen?.path, seen?.headers['x-on-behalf-of']]).toEqual(['GET', '/api/v1/llm/responses/resp_gone', 'alice']);
    expect((await routes.job.GET(new Request('http://127.0.0.1/api/jobs/resp_gone'), routeParams('resp_gone'))).status).toBe(404);
  });

  it('tracks a response the gateway has, answering in snake_case', async () => {
    upstream.respondWith(json(200, { id: 'resp_kept', object: 'response', status: 'in_progress', model: 'local-agent', background: true }));
    const routes = await loadJobRoutes();
    const reply = await routes.jobs.POST(track({ response_id: 'resp_kept', on_behalf_of: 'bob' }));
    expect(reply.status).toBe(201);
    const detail = (await reply.json()) as { job: Record<string, unknown> };
    expect(detail.job).toMatchObject({ id: 'resp_kept', model: 'local-agent', on_behalf_of: 'bob', status: 'in_progress', origin: 'tracked', is_terminal: false });
    const list = (await (await routes.jobs.GET(new Request('http://127.0.0.1/api/jobs?status=in_progress'))).json()) as { data: { id: string }[]; stall_after_ms: number };
    expect(list.data.map((job) => job.id)).toContain('resp_kept');
    expect(typeof list.stall_after_ms).toBe('number');
  });

  it('refuses a body without response_id, naming the field, without calling the gateway', async () => {
    const routes = await loadJobRoutes();
    const before = upstream.requests.length;
    const reply = await routes.jobs.POST(track({ responseId: 'resp_camel' }));
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: { param: 'response_id', code: 'missing_required_parameter', type: 'invalid_request_error' } });
    expect(upstream.requests.length).toBe(before);
  });
});

describe('the ports lib/job-ports.ts wires into the jobs routes and the refresher', () => {
  it("GET /api/jobs/{id} lists the job's signed webhook deliveries, and cancel goes to the gateway as the job's user", async () => {
    upstream.respondWith(json(200, { id: 'resp_wired', object: 'response', status: 'queued', model: 'local-agent', background: true }));
    const routes = await loadJobRoutes();
    expect((await routes.jobs.POST(track({ response_id: 'resp_wired', on_behalf_of: 'dana' }))).status).toBe(201);
    const { createCapture } = await import('@/lib/webhooks/captures');
    const { receiveDelivery } = await import('@/lib/webhooks/receive');
    const capture = await createCapture(database.handle!.db, 'http://127.0.0.1:4599');
    const body = JSON.stringify({ id: 'evt_w', object: 'event', type: 'response.in_progress', created_at: Math.floor(Date.now() / 1000), data: { id: 'resp_wired', status: 'in_progress' } });
    const signature = `sha256=${createHmac('sha256', capture.secret).update(body).digest('hex')}`;
    const delivered = await receiveDelivery(database.handle!.db, capture.id, new Request(capture.url, { method: 'POST', body, headers: { 'x-webhook-id': 'evt_w', 'x-webhook-signature': signature } }));
    expect(delivered.status).toBe(200);

    const detail = (await (await routes.job.GET(new Request('http://127.0.0.1/api/jobs/resp_wired'), routeParams('resp_wired'))).json()) as JobDetailReply;
    expect(detail.job.status).toBe('in_progress');
    expect(detail.deliveries.map((delivery) => [delivery.webhook_id, delivery.reported_status, delivery.signature_valid])).toEqual([['evt_w', 'in_progress', true]]);
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(['submitted', 'status', 'status', 'delivery']);

    upstream.respondWith(json(200, { id: 'resp_wired', object: 'response', status: 'cancelled', model: 'local-agent' }));
    const cancelled = await routes.cancel.POST(new Request('http://127.0.0.1/api/jobs/resp_wired/cancel', { method: 'POST' }), routeParams('resp_wired'));
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as JobDetailReply).job.status).toBe('cancelled');
    const seen = upstream.requests.at(-1);
    expect([seen?.method, seen?.path, seen?.headers['x-on-behalf-of']]).toEqual(['POST', '/api/v1/llm/responses/resp_wired/cancel', 'dana']);
  });

  it('the refresher polls through the gateway it was started with, as the job user', async () => {
    const { createJob, getJob } = await import('@/lib/jobs/store');
    const { startJobRefresher } = await import('@/lib/jobs/refresher');
    await createJob(database.handle!.db, { responseId: 'resp_polled', model: null, status: 'queued', onBehalfOf: 'erin' }, 'create');
    const calls: string[] = [];
    const gateway: ResponseGateway = {
      retrieve: async (id, onBehalfOf) => {
        calls.push(`GET ${id} as ${onBehalfOf}`);
        return { httpStatus: 200, body: { id, object: 'response', status: 'completed', model: 'local-agent' } };
      },
      cancel: async () => ({ httpStatus: 500, body: 'unused' }),
    };
    stopRefresher();
    startJobRefresher(gateway);
    try {
      await vi.waitFor(async () => expect((await getJob(database.handle!.db, 'resp_polled'))?.status).toBe('completed'), { timeout: 20_000, interval: 100 });
      expect(calls).toContain('GET resp_polled as erin');
    } finally {
      stopRefresher();
    }
  });
});
