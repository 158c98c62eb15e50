// The grid API end to end, from a script's point of view (no browser): create, run, follow the live events, read the
// results and totals, stop, re-run failed cells, export, and a restart ending what was running; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSseStream } from '@/lib/sse/parse-sse';
import { closeAppDatabase, openAppDatabase, useAppDatabase } from '../support/app-database';
import { DATABASE_KINDS, makePgliteDir, makePostgresDatabase } from '../support/databases';
import { callGateway, startTestGateway, TEST_API_KEY, type TestGateway } from '../support/local-gateway';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WEATHER_TOOL = { type: 'function', name: 'get_weather', description: 'Get the weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }, strict: true };

/** The README's example with a tool to call, a third column that fails on purpose and checks that pass and fail. */
const GRID = {
  name: 'greetings',
  base: { model: 'local-agent', stream: true, tools: [WEATHER_TOOL] },
  variants: [
    { label: 'agent', patch: {} },
    { label: 'echo', patch: { model: 'local-echo' }, on_behalf_of: 'alice' },
    { label: 'broken', patch: { model: 'local-fail' } },
  ],
  rows: [
    { label: 'hi', input: 'hello there' },
    { label: 'tool', input: 'use the weather tool for Paris' },
  ],
  checks: [{ type: 'status', value: 'completed' }, { type: 'contains', value: 'hello' }],
};

async function loadGridRoutes(settings: Record<string, string>) {
  for (const name of ['GATEWAY_BASE_URL', 'GATEWAY_API_KEY', 'PROXY_RATE_LIMIT_PER_MINUTE']) delete process.env[name];
  Object.assign(process.env, settings);
  vi.resetModules();
  return {
    grids: await import('@/app/api/grids/route'),
    grid: await import('@/app/api/grids/[id]/route'),
    duplicate: await import('@/app/api/grids/[id]/duplicate/route'),
    runs: await import('@/app/api/grids/[id]/runs/route'),
    run: await import('@/app/api/grids/[id]/runs/[runId]/route'),
    events: await import('@/app/api/grids/[id]/runs/[runId]/events/route'),
    cancel: await import('@/app/api/grids/[id]/runs/[runId]/cancel/route'),
    rerun: await import('@/app/api/grids/[id]/runs/[runId]/rerun/route'),
    exported: await import('@/app/api/grids/[id]/runs/[runId]/export/route'),
    cell: await import('@/app/api/grids/[id]/runs/[runId]/cells/[variant]/[row]/route'),
    history: await import('@/app/api/history/route'),
    chains: await import('@/app/api/chains/[id]/route'),
  };
}

const post = (path: string, body?: unknown) => new Request(`http://127.0.0.1${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const get = (path: string) => new Request(`http://127.0.0.1${path}`);
const params = <T extends Record<string, string>>(values: T) => ({ params: Promise.resolve(values) });

async function readEvents(response: Response): Promise<{ event: string; data: Json }[]> {
  const events: { event: string; data: Json }[] = [];
  for await (const message of parseSseStream(response.body!)) events.push({ event: message.event ?? 'message', data: JSON.parse(message.data) as Json });
  return events;
}

describe.each(DATABASE_KINDS)('the grid API on %s', (kind) => {
  let gateway: TestGateway;
  let routes: Awaited<ReturnType<typeof loadGridRoutes>>;
  let dbOptions: { databaseUrl?: string; pgliteDir: string };

  beforeAll(async () => {
    gateway = await startTestGateway();
    dbOptions = kind === 'postgres' ? { databaseUrl: await makePostgresDatabase(), pgliteDir: makePgliteDir() } : { pgliteDir: makePgliteDir() };
    await useAppDatabase(dbOptions);
    routes = await loadGridRoutes({ GATEWAY_BASE_URL: gateway.url, GATEWAY_API_KEY: TEST_API_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' });
    await openAppDatabase();
  });
  afterAll(async () => {
    await closeAppDatabase();
    await gateway?.close();
  });

  async function createGrid(definition: unknown = GRID): Promise<string> {
    const reply = await routes.grids.POST(post('/api/grids', definition));
    expect(reply.status).toBe(201);
    return ((await reply.json()) as Json).id as string;
  }

  async function startRun(gridId: string, settings: unknown = {}): Promise<Json> {
    const reply = await routes.runs.POST(post(`/api/grids/${gridId}/runs`, settings), params({ id: gridId }));
    expect(reply.status).toBe(202);
    return (await reply.json()) as Json;
  }

  const events = (gridId: string, runId: string) => routes.events.GET(get(`/api/grids/${gridId}/runs/${runId}/events`), params({ id: gridId, runId }));
  const readRun = async (gridId: string, runId: string) => (await (await routes.run.GET(get(`/api/grids/${gridId}/runs/${runId}`), params({ id: gridId, runId }))).json()) as Json;
  const cellOf = (run: Json, variant: string, row: string) => (run.cells as Json[]).find((cell) => cell.variant === variant && cell.row === row)!;

  it('creates a grid, runs it with live progress to the end, and reports every cell, its checks and the totals', async () => {
    const gridId = await createGrid();
    expect(gridId).toMatch(/^grid_/);
    const started = await startRun(gridId, { concurrency: 2 });
    expect(started.id).toMatch(/^gridrun_/);
    expect(['queued', 'running']).toContain(started.status);
    expect(started.cells).toHaveLength(6);

    const stream = await events(gridId, started.id);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const received = await readEvents(stream);
    expect(received[0]!.event).toBe('snapshot');
    expect(received.at(-1)).toEqual({ event: 'end', data: { status: 'completed' } });
    // What a page shows at the end: the snapshot's cells with every later cell event applied (a page that opens late
    // gets cells already settled in its snapshot, so the number of cell events depends on timing; the end state does not).
    const shown = new Map<string, Json>();
    for (const cell of received[0]!.data.cells as Json[]) shown.set(`${cell.variant_index}:${cell.row_index}`, cell);
    for (const event of received) if (event.event === 'cell') shown.set(`${event.data.variant_index}:${event.data.row_index}`, event.data);
    expect([...shown.values()].map((cell) => cell.status).sort()).toEqual(['completed', 'completed', 'completed', 'completed', 'failed', 'failed']);

    const run = await readRun(gridId, started.id);
    expect(run.status).toBe('completed');
    expect(cellOf(run, 'agent', 'hi')).toMatchObject({ status: 'completed', pass: true, model: 'local-agent', attempts: 1 });
    expect(cellOf(run, 'agent', 'hi').output_text).toMatch(/^Hello!/);
    expect(cellOf(run, 'agent', 'hi').checks).toEqual([
      { type: 'status', pass: true, reason: 'status completed' },
      { type: 'contains', pass: true, reason: 'found "hello"' },
    ]);
    // A function call has no text: the contains check fails there, with its reason.
    expect(cellOf(run, 'agent', 'tool')).toMatchObject({ status: 'completed', pass: false, output_text: '' });
    expect(cellOf(run, 'agent', 'tool').checks[1]).toEqual({ type: 'contains', pass: false, reason: 'the output has no text' });
    expect(cellOf(run, 'echo', 'hi')).toMatchObject({ status: 'completed', pass: true, model: 'local-echo', on_behalf_of: 'alice' });
    expect(cellOf(run, 'broken', 'hi')).toMatchObject({ status: 'failed', pass: false });
    expect(cellOf(run, 'broken', 'hi').checks[0]).toEqual({ type: 'status', pass: false, reason: 'status failed, not completed' });
    for (const cell of run.cells as Json[]) {
      expect(cell.response_id).toMatch(/^resp_/);
      expect(cell.ttft_ms === null || cell.ttft_ms >= 0).toBe(true);
      expect(cell.total_ms).toBeGreaterThan(0);
    }
    expect(cellOf(run, 'agent', 'hi').output_tokens).toBeGreaterThan(0);
    expect(run.totals).toMatchObject({ cells: 6, done: 6, passed: 2, failed: 4 });
    expect(run.totals.variants.map((variant: Json) => [variant.variant, variant.pass_rate])).toEqual([
      ['agent', 0.5],
      ['echo', 0.5],
      ['broken', 0],
    ]);
    expect(run.regression).toBeNull();
  });

  it('sends each cell with its X-On-Behalf-Of through the gateway, files it in the chain index but not the history, and opens it in full', async () => {
    const gridId = await createGrid();
    const started = await startRun(gridId);
    await readEvents(await events(gridId, started.id));
    const run = await readRun(gridId, started.id);
    const echo = cellOf(run, 'echo', 'hi');
    // Stored for alice: alice reads it, nobody else does.
    expect((await callGateway(gateway, `/responses/${echo.response_id}`, { headers: { 'X-On-Behalf-Of': 'alice' } })).status).toBe(200);
    expect((await callGateway(gateway, `/responses/${echo.response_id}`)).status).toBe(404);
    // The chain index is written beside the stream (not awaited by it): read until its final status is there.
    const readEntry = async () => (await (await routes.chains.GET(get('/'), params({ id: echo.response_id }))).json()) as Json;
    let entry = await readEntry();
    for (let tries = 0; entry.status !== 'completed' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entry = await readEntry();
    }
    expect(entry).toMatchObject({ id: echo.response_id, on_behalf_of: 'alice', status: 'completed' });
    const history = (await (await routes.history.GET(get(`/api/history?q=${echo.response_id}`))).json()) as Json;
    expect(history.data).toEqual([]);

    const detail = (await (await routes.cell.GET(get('/'), params({ id: gridId, runId: started.id, variant: '1', row: '0' }))).json()) as Json;
    expect(detail).toMatchObject({ variant: 'echo', row: 'hi', response_id: echo.response_id });
    expect(detail.turn.request).toEqual({ body: { model: 'local-echo', stream: true, tools: [WEATHER_TOOL], input: 'hello there' }, headers: { 'X-On-Behalf-Of': 'alice' }, kind: 'create' });
    expect(detail.turn.status).toBe('completed');
    expect(detail.turn.events[0].type).toBe('response.created');
    expect(detail.turn.events.at(-1).type).toBe('response.completed');
    expect(detail.turn.transcript.items[0]).toMatchObject({ type: 'message', status: 'completed' });
    const missing = await routes.cell.GET(get('/'), params({ id: gridId, runId: started.id, variant: '9', row: '0' }));
    expect(missing.status).toBe(404);
  });

  it('refuses a bad definition or run setting with the field named, and unknown ids with 404', async () => {
    const bad = await routes.grids.POST(post('/api/grids', { ...GRID, variants: [{ label: 'a', patch: {} }, { label: 'a', patch: {} }] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toMatchObject({ param: 'variants[1].label', type: 'invalid_request_error' });
    const notJson = await routes.grids.POST(new Request('http://127.0.0.1/api/grids', { method: 'POST', body: '{' }));
    expect(((await notJson.json()) as Json).error.code).toBe('invalid_json');
    const gridId = await createGrid();
    const tooMany = await routes.runs.POST(post(`/api/grids/${gridId}/runs`, { concurrency: 17 }), params({ id: gridId }));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Json).error.param).toBe('concurrency');
    const unknown = await routes.grid.GET(get('/api/grids/grid_nope'), params({ id: 'grid_nope' }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).error).toMatchObject({ code: 'grid_not_found', param: 'id' });
    expect((await routes.run.GET(get('/'), params({ id: gridId, runId: 'gridrun_nope' }))).status).toBe(404);
  });

  it('a variant that cannot be sent is invalid with the reason, and its cells never reach the gateway', async () => {
    const gridId = await createGrid({ ...GRID, variants: [...GRID.variants, { label: 'hot', patch: { temperature: 5 } }] });
    const grid = (await (await routes.grid.GET(get('/'), params({ id: gridId }))).json()) as Json;
    expect(grid.variant_problems[3]).toEqual({ param: 'temperature', message: "Invalid 'temperature': 5 is above the maximum of 2." });
    const started = await startRun(gridId);
    await readEvents(await events(gridId, started.id));
    const run = await readRun(gridId, started.id);
    expect(cellOf(run, 'hot', 'hi')).toMatchObject({ status: 'invalid', pass: false, response_id: null, attempts: 0 });
    expect(cellOf(run, 'hot', 'hi').error).toMatchObject({ param: 'temperature', code: 'invalid_request' });
  });

  it('a cell past its timeout is stopped and says so; Stop ends the running and the queued cells as cancelled', async () => {
    const slow = { ...GRID, base: { model: 'local-slow', stream: true }, variants: [{ label: 'slow', patch: {} }], rows: [{ label: 'a', input: 'one' }, { label: 'b', input: 'two' }, { label: 'c', input: 'three' }] };
    const timedGrid = await createGrid({ ...slow, rows: slow.rows.slice(0, 1) });
    const timed = await startRun(timedGrid, { cell_timeout_ms: 1000 });
    await readEvents(await events(timedGrid, timed.id));
    const timedCell = cellOf(await readRun(timedGrid, timed.id), 'slow', 'a');
    expect(timedCell).toMatchObject({ status: 'timed_out', pass: false });
    expect(timedCell.error).toMatchObject({ code: 'cell_timeout', message: 'The cell ran longer than its timeout of 1000 ms and was stopped.' });

    const gridId = await createGrid(slow);
    const started = await startRun(gridId, { concurrency: 1 });
    const stream = await events(gridId, started.id);
    const reader = parseSseStream(stream.body!)[Symbol.asyncIterator]();
    // Wait for the first cell to be running, then stop.
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      const data = JSON.parse(next.value.data) as Json;
      if (next.value.event === 'cell' && data.status === 'running') break;
    }
    const cancelled = await routes.cancel.POST(post('/'), params({ id: gridId, runId: started.id }));
    expect(cancelled.status).toBe(202);
    const run = (await cancelled.json()) as Json;
    expect(run.status).toBe('cancelled');
    expect(cellOf(run, 'slow', 'a')).toMatchObject({ status: 'cancelled', pass: false });
    expect(cellOf(run, 'slow', 'b')).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(cellOf(run, 'slow', 'b').error.message).toBe('The run was stopped before this cell started.');
    await reader.return?.(undefined);
    const again = await routes.cancel.POST(post('/'), params({ id: gridId, runId: started.id }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error.code).toBe('run_not_active');
  });

  it('re-runs only the failed cells in place, and a new run of the grid shows what newly passes and fails', async () => {
    const gridId = await createGrid();
    const first = await startRun(gridId);
    await readEvents(await events(gridId, first.id));
    const rerun = await routes.rerun.POST(post('/', { scope: 'failed' }), params({ id: gridId, runId: first.id }));
    expect(rerun.status).toBe(202);
    await readEvents(await events(gridId, first.id));
    const run = await readRun(gridId, first.id);
    expect(run.status).toBe('completed');
    expect(cellOf(run, 'agent', 'hi').attempts).toBe(1);
    expect(cellOf(run, 'broken', 'hi').attempts).toBe(2);
    expect(cellOf(run, 'agent', 'tool').attempts).toBe(2);
    const nothing = await routes.rerun.POST(post('/', { scope: 'cell', variant: 'agent', row: 'nope' }), params({ id: gridId, runId: first.id }));
    expect(((await nothing.json()) as Json).error).toMatchObject({ param: 'row', code: 'unknown_row' });

    // The grid changes: the broken column is fixed, the agent column breaks.
    const edited = { ...GRID, variants: [{ label: 'agent', patch: { model: 'local-fail' } }, GRID.variants[1], { label: 'broken', patch: {} }] };
    expect((await routes.grid.PUT(new Request('http://127.0.0.1/', { method: 'PUT', body: JSON.stringify(edited) }), params({ id: gridId }))).status).toBe(200);
    const second = await startRun(gridId);
    await readEvents(await events(gridId, second.id));
    const compared = await readRun(gridId, second.id);
    expect(compared.regression).toEqual({
      previous_run_id: first.id,
      newly_passing: [{ variant: 'broken', row: 'hi' }],
      newly_failing: [{ variant: 'agent', row: 'hi' }],
      still_passing: 1,
      still_failing: 3,
    });
    const list = (await (await routes.runs.GET(get('/'), params({ id: gridId }))).json()) as Json;
    expect(list.data.map((summary: Json) => summary.id)).toEqual([second.id, first.id]);
  });

  it('exports a run as CSV and JSON, duplicates a grid, and deletes a grid with its runs', async () => {
    const gridId = await createGrid();
    const started = await startRun(gridId);
    await readEvents(await events(gridId, started.id));
    const csv = await routes.exported.GET(get('/?format=csv'), params({ id: gridId, runId: started.id }));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${started.id}.csv"`);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^variant,row,status,pass,output_text,response_id/);
    expect(lines[0]).toContain('"check 2: contains ""hello"" (any case)"');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^agent,hi,completed,true,Hello!/);
    const json = (await (await routes.exported.GET(get('/?format=json'), params({ id: gridId, runId: started.id }))).json()) as Json;
    expect(json.cells).toHaveLength(6);
    expect((await routes.exported.GET(get('/?format=xml'), params({ id: gridId, runId: started.id }))).status).toBe(400);

    const copy = (await (await routes.duplicate.POST(post('/'), params({ id: gridId }))).json()) as Json;
    expect(copy).toMatchObject({ name: 'greetings (copy)' });
    expect(copy.definition.variants).toEqual((await (await routes.grid.GET(get('/'), params({ id: gridId }))).json() as Json).definition.variants);
    const deleted = await routes.grid.DELETE(new Request('http://127.0.0.1/', { method: 'DELETE' }), params({ id: gridId }));
    expect(((await deleted.json()) as Json).deleted).toBe(true);
    expect((await routes.run.GET(get('/'), params({ id: gridId, runId: started.id }))).status).toBe(404);
    const listed = (await (await routes.grids.GET(get('/'))).json()) as Json;
    expect(listed.data.some((grid: Json) => grid.id === copy.id)).toBe(true);
    expect(listed.data.some((grid: Json) => grid.id === gridId)).toBe(false);
  });

  it('a run a stopped server left running ends interrupted when the app opens its database again', async () => {
    const gridId = await createGrid();
    const { getDb } = await import('@/lib/db');
    const { insertRun } = await import('@/lib/grids/store');
    const definition = ((await (await routes.grid.GET(get('/'), params({ id: gridId }))).json()) as Json).definition;
    await insertRun(await getDb(), { id: 'gridrun_orphan', gridId, status: 'running', definition, concurrency: 4, cellTimeoutMs: 60_000, runnerId: 'runner_gone', heartbeatAt: new Date(Date.now() - 60_000), startedAt: new Date() }, [
      { variantIndex: 0, rowIndex: 0, status: 'completed', onBehalfOf: null, passed: true },
      { variantIndex: 0, rowIndex: 1, status: 'running', onBehalfOf: null },
      { variantIndex: 1, rowIndex: 0, status: 'queued', onBehalfOf: null },
    ]);
    // A restart: the app opens its database anew, and the first grid request sweeps.
    await closeAppDatabase();
    await useAppDatabase(dbOptions);
    await openAppDatabase();
    const run = await readRun(gridId, 'gridrun_orphan');
    expect(run.status).toBe('interrupted');
    expect(run.ended_at).not.toBeNull();
    expect((run.cells as Json[]).map((cell) => [cell.variant_index, cell.row_index, cell.status])).toEqual([
      [0, 0, 'completed'],
      [1, 0, 'interrupted'],
      [0, 1, 'interrupted'],
    ]);
    expect(cellOf(run, 'agent', 'tool').error.message).toBe('The playground server stopped while this cell was waiting or running.');
  });
});
