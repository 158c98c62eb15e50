// The playground's own API is snake_case throughout: every JSON reply of every route (lists, details, errors) is walked,
// and a camelCase key anywhere outside data the user or a sender supplied fails here.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routeParams } from '../support/fake-upstream';
import { startTestGateway, TEST_API_KEY } from '../support/local-gateway';
import { setUpProxiedGateway } from '../support/proxy-harness';

/** Values that are data, not our field names: a request body, HTTP headers, user metadata, what a sender delivered. */
const DATA_FIELDS = new Set(['body', 'headers', 'metadata', 'body_text', 'input', 'text', 'schema', 'parameters', 'base', 'patch', 'variables']);
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Every key of our own in `value` that is not snake_case, with its path. */
function nonSnakeKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => nonSnakeKeys(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) => [
    ...(SNAKE.test(key) ? [] : [`${at}.${key}`]),
    ...(DATA_FIELDS.has(key) ? [] : nonSnakeKeys(field, `${at}.${key}`)),
  ]);
}

const { routes } = setUpProxiedGateway({ start: () => startTestGateway(), settings: { GATEWAY_API_KEY: TEST_API_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' } });
const URL_BASE = 'http://127.0.0.1:4599';
const get = (path: string) => new Request(`${URL_BASE}${path}`);
const send = (path: string, method: string, body: unknown) =>
  new Request(`${URL_BASE}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('snake_case throughout the playground API', () => {
  it('the checker sees a camelCase key at any depth, and not one inside user data', () => {
    expect(nonSnakeKeys({ data: [{ is_terminal: true, stall: { elapsedMs: 1 } }], body: { myField: 1 } })).toEqual(['$.data[0].stall.elapsedMs']);
  });

  it('every reply of the jobs, webhooks, chains, history, presets, grids, recordings, session, health and models routes, and their errors', async () => {
    const replies: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const record = async (name: string, reply: Response | Promise<Response>) => {
      const response = await reply;
      statuses[name] = response.status;
      replies[name] = await response.json();
      return replies[name] as Record<string, unknown>;
    };

    const created = await record('POST /api/responses', routes.responses.POST(send('/api/responses', 'POST', { model: 'local-echo', input: 'snake please', background: true, metadata: { myTag: 'kept as sent' } })));
    const id = String(created.id);
    await record('GET /api/models', routes.models.GET(get('/api/models')));

    const jobs = { list: await import('@/app/api/jobs/route'), one: await import('@/app/api/jobs/[id]/route') };
    await record('GET /api/jobs', jobs.list.GET(get('/api/jobs')));
    await record('GET /api/jobs/{id}', jobs.one.GET(get(`/api/jobs/${id}`), routeParams(id)));
    await record('GET /api/jobs/{id} (404)', jobs.one.GET(get('/api/jobs/resp_none'), routeParams('resp_none')));
    await record('POST /api/jobs (400)', jobs.list.POST(send('/api/jobs', 'POST', { responseId: id })));

    const webhooks = { list: await import('@/app/api/webhooks/route'), one: await import('@/app/api/webhooks/[captureId]/route') };
    const capture = await record('POST /api/webhooks', webhooks.list.POST(send('/api/webhooks', 'POST', {})));
    const captureParams = { params: Promise.resolve({ captureId: String(capture.id) }) };
    const event = JSON.stringify({ id: 'evt_snake', object: 'event', type: 'response.completed', created_at: Math.floor(Date.now() / 1000), data: { id, status: 'completed' } });
    const signature = `sha256=${createHmac('sha256', String(capture.secret)).update(event).digest('hex')}`;
    await record(
      'POST /api/webhooks/{id}',
      webhooks.one.POST(new Request(String(capture.url), { method: 'POST', headers: { 'x-webhook-id': 'evt_snake', 'x-webhook-signature': signature }, body: event }), captureParams),
    );
    await record('GET /api/webhooks/{id}', webhooks.one.GET(get(`/api/webhooks/${capture.id}`), captureParams));
    await record('PATCH /api/webhooks/{id}', webhooks.one.PATCH(send(`/api/webhooks/${capture.id}`, 'PATCH', { answer_status: 500, answer_delay_ms: 0 }), captureParams));
    await record('GET /api/webhooks', webhooks.list.GET(get('/api/webhooks')));
    await record('GET /api/jobs/{id} (with a delivery)', jobs.one.GET(get(`/api/jobs/${id}`), routeParams(id)));

    const chains = { list: await import('@/app/api/chains/route'), one: await import('@/app/api/chains/[id]/route') };
    await record('GET /api/chains', chains.list.GET(get('/api/chains')));
    await record('GET /api/chains/{id}', chains.one.GET(get(`/api/chains/${id}`), routeParams(id)));

    const history = await import('@/app/api/history/route');
    await record('GET /api/history', history.GET(get('/api/history?q=snake')));
    const presets = await import('@/app/api/presets/route');
    await record('PUT /api/presets', presets.PUT(send('/api/presets', 'PUT', { name: 'snake', body: { model: 'local-echo', input: 'x' } })));
    await record('GET /api/presets', presets.GET(get('/api/presets')));
    await record('DELETE /api/presets (404)', presets.DELETE(new Request(`${URL_BASE}/api/presets?name=none`, { method: 'DELETE' })));
    const grids = { list: await import('@/app/api/grids/route'), one: await import('@/app/api/grids/[id]/route') };
    const grid = await record(
      'POST /api/grids',
      grids.list.POST(send('/api/grids', 'POST', { name: 'snake', base: { model: 'local-echo', maxTokens: 1 }, variants: [{ patch: { temperature: 0 } }], rows: [{ input: 'x' }] })),
    );
    await record('GET /api/grids', grids.list.GET(get('/api/grids')));
    await record('GET /api/grids/{id}', grids.one.GET(get(`/api/grids/${grid.id}`), { params: Promise.resolve({ id: String(grid.id) }) }));
    // A streamed run is recorded once it ends: its recording is listed, renamed, and a bad file and an unknown id answered.
    await (await routes.responses.POST(send('/api/responses', 'POST', { model: 'local-echo', input: 'snake stream', stream: true }))).text();
    const recordings = { list: await import('@/app/api/recordings/route'), one: await import('@/app/api/recordings/[id]/route') };
    let listed: { data: Array<{ id: string }> } = { data: [] };
    for (let attempt = 0; attempt < 200 && listed.data.length === 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      listed = (await record('GET /api/recordings', recordings.list.GET(get('/api/recordings?q=snake')))) as typeof listed;
    }
    const recordingId = String(listed.data[0]?.id);
    await record('PATCH /api/recordings/{id}', recordings.one.PATCH(send(`/api/recordings/${recordingId}`, 'PATCH', { name: 'snake', pinned: true }), routeParams(recordingId)));
    await record('POST /api/recordings (400)', recordings.list.POST(send('/api/recordings', 'POST', { format: 'responses-playground.recording', version: 1 })));
    await record('GET /api/recordings/{id} (404)', recordings.one.GET(get('/api/recordings/rec_none'), routeParams('rec_none')));
    await record('GET /api/session', (await import('@/app/api/session/route')).GET(get('/api/session')));
    await record('GET /api/health', (await import('@/app/api/health/route')).GET());

    expect(Object.keys(replies)).toHaveLength(27);
    // Each reply is the one named: the errors are errors, everything else succeeded.
    const failed = Object.entries(statuses).filter(([, status]) => status >= 400).map(([name, status]) => `${name} ${status}`);
    expect(failed).toEqual(['GET /api/jobs/{id} (404) 404', 'POST /api/jobs (400) 400', 'DELETE /api/presets (404) 404', 'POST /api/recordings (400) 400', 'GET /api/recordings/{id} (404) 404']);
    expect(replies['GET /api/recordings']).toMatchObject({ object: 'list', data: [{ id: recordingId, name: 'snake stream', model: 'local-echo' }] });
    expect((replies['GET /api/jobs/{id} (with a delivery)'] as { deliveries: unknown[] }).deliveries).toHaveLength(1);
    const offending = Object.entries(replies).flatMap(([name, reply]) => nonSnakeKeys(reply).map((key) => `${name}: ${key}`));
    expect(offending).toEqual([]);
  });
});
