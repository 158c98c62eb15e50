// The jobs routes in-process against a recording fake gateway: a gateway refusal passes through unchanged, a found response becomes a job.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { openTestDatabase } from '../support/databases';
import { json, loadProxyRoutes, routeParams, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';

const database: { handle?: DatabaseHandle } = {};
vi.mock('@/lib/db', () => ({ getDb: async () => database.handle!.db }));

let upstream: FakeUpstream;

beforeAll(async () => {
  database.handle = await openTestDatabase('pglite');
  upstream = await startFakeUpstream();
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await database.handle?.close();
});

async function loadJobRoutes() {
  await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-server-0123456789' }, () => vi.resetModules());
  return { jobs: await import('@/app/api/jobs/route'), job: await import('@/app/api/jobs/[id]/route'), cancel: await import('@/app/api/jobs/[id]/cancel/route') };
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
