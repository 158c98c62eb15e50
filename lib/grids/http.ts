// The /api/grids routes' bodies: parse input, call one grids function, answer JSON (or the progress stream); errors are thrown and answered by withRoute.
import 'server-only';
import { readOwnerView, requireActor, requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import type { Db } from '@/lib/db/open';
import { getEnv } from '@/lib/env';
import { readBrowserKey } from '@/lib/gateway/inbound';
import { readBodyText } from '@/lib/http/body';
import { withRoute } from '@/lib/http/route';
import { ApiError, parseOrThrow } from '@/lib/schema/errors';
import { gridRerunRequestSchema, gridRunRequestSchema } from '@/lib/schema/grid';
import { shareBodySchema } from '@/lib/schema/ownership';
import type { Actor } from '@/lib/auth/identity';
import { applyOnBehalfOfPolicy } from '@/lib/auth/on-behalf-of-policy';
import type { GridDefinition } from '@/lib/schema/grid';
import { checkGridAccess, type GridAccess } from './access';
import { variantOnBehalfOf } from './cells';
import { parseGridDefinition } from './definition';
import { streamRunEvents } from './events';
import { buildRunCsv } from './export';
import { readLatestRuns, readRun, readRunSummaries } from './read';
import { cancelGridRun, ensureRunner, getLiveRun, newId, rerunGridRun, startGridRun } from './runner';
import { deleteGrid, getCellTurn, getGrid, getRun, insertGrid, listGrids, setGridShared, updateGrid, type GridRow, type RunRow } from './store';
import { toCell, toGrid, toGridSummary } from './views';

const NO_STORE = { 'Cache-Control': 'no-store' };

async function readBody<T>(request: Request, parse: (value: unknown) => T): Promise<T> {
  const env = getEnv();
  const text = await readBodyText(request, { bytes: env.PROXY_BODY_LIMIT_BYTES, name: 'PROXY_BODY_LIMIT_BYTES' });
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', { code: 'invalid_json' });
  }
  return parse(value);
}

async function openDb(): Promise<Db> {
  const db = await getDb();
  await ensureRunner(db);
  return db;
}

/** The grid named in the path, once the caller may use it that way (404 for another user's private grid, 403 to change a shared one). */
async function loadGrid(db: Db, request: Request, id: string, access: GridAccess = 'read'): Promise<GridRow> {
  const grid = await getGrid(db, id);
  if (!grid) throw new ApiError(404, `No grid with id ${JSON.stringify(id)}.`, { type: 'not_found_error', param: 'id', code: 'grid_not_found' });
  await checkGridAccess(request, grid, access);
  return grid;
}

async function loadRun(db: Db, request: Request, gridId: string, runId: string, access: GridAccess = 'read'): Promise<RunRow> {
  await loadGrid(db, request, gridId, access);
  const run = await getRun(db, runId);
  if (!run || run.gridId !== gridId) throw new ApiError(404, `No run ${JSON.stringify(runId)} of grid ${gridId}.`, { type: 'not_found_error', param: 'run_id', code: 'run_not_found' });
  return run;
}

/** Under ON_BEHALF_OF_POLICY=claim every variant's X-On-Behalf-Of must be one the user may use (403 naming it, before any cell runs). */
function checkOnBehalfOfPolicy(definition: GridDefinition, actor: Actor): void {
  for (const variant of definition.variants) applyOnBehalfOfPolicy(getEnv(), actor, variantOnBehalfOf(definition, variant));
}

async function answerRun(db: Db, run: RunRow, status = 200): Promise<Response> {
  return Response.json(await readRun(db, run), { status, headers: NO_STORE });
}

export const handleListGrids = withRoute('GET /api/grids', async (request: Request) => {
  const db = await openDb();
  const viewer = await requireViewer(request);
  const grids = await listGrids(db, undefined, viewer, readOwnerView(request));
  const latest = await readLatestRuns(db, grids);
  return Response.json({ object: 'list', data: grids.map((grid) => toGridSummary(grid, latest.get(grid.id) ?? null, viewer)) }, { headers: NO_STORE });
});

export const handleCreateGrid = withRoute('POST /api/grids', async (request: Request) => {
  const definition = await readBody(request, parseGridDefinition);
  const db = await openDb();
  const viewer = await requireViewer(request);
  const grid = await insertGrid(db, { id: newId('grid'), name: definition.name, definition, ownerId: viewer.ownerId });
  return Response.json(toGrid(grid, viewer), { status: 201, headers: NO_STORE });
});

/** PATCH /api/grids/{id} {"shared": …}: its maker shows it (and its runs) to the team, or stops. */
export const handleShareGrid = withRoute('PATCH /api/grids/{id}', async (request: Request, id: string) => {
  const { shared } = await readBody(request, (value) => parseOrThrow(shareBodySchema, value));
  const db = await openDb();
  await loadGrid(db, request, id, 'change');
  const grid = await setGridShared(db, id, shared);
  if (!grid) throw new ApiError(404, `No grid with id ${JSON.stringify(id)}.`, { type: 'not_found_error', param: 'id', code: 'grid_not_found' });
  return Response.json(toGrid(grid, await requireViewer(request)), { headers: NO_STORE });
});

export const handleGetGrid = withRoute('GET /api/grids/{id}', async (request: Request, id: string) => {
  const db = await openDb();
  const grid = await loadGrid(db, request, id);
  const latest = await readLatestRuns(db, [grid]);
  return Response.json({ ...toGrid(grid, await requireViewer(request)), last_run: latest.get(grid.id) ?? null }, { headers: NO_STORE });
});

export const handlePutGrid = withRoute('PUT /api/grids/{id}', async (request: Request, id: string) => {
  const definition = await readBody(request, parseGridDefinition);
  const db = await openDb();
  await loadGrid(db, request, id, 'change');
  const grid = await updateGrid(db, id, definition);
  if (!grid) throw new ApiError(404, `No grid with id ${JSON.stringify(id)}.`, { type: 'not_found_error', param: 'id', code: 'grid_not_found' });
  return Response.json(toGrid(grid, await requireViewer(request)), { headers: NO_STORE });
});

export const handleDeleteGrid = withRoute('DELETE /api/grids/{id}', async (request: Request, id: string) => {
  const db = await openDb();
  await loadGrid(db, request, id, 'change');
  // Its runs in this process stop first, so nothing writes cells of a deleted grid.
  for (const run of await readRunSummaries(db, id)) {
    const live = getLiveRun(run.id);
    if (live) {
      live.cancel();
      await live.done;
    }
  }
  await deleteGrid(db, id);
  return Response.json({ id, object: 'grid.deleted', deleted: true }, { headers: NO_STORE });
});

export const handleDuplicateGrid = withRoute('POST /api/grids/{id}/duplicate', async (request: Request, id: string) => {
  const db = await openDb();
  const source = await loadGrid(db, request, id);
  const definition = parseGridDefinition({ ...(source.definition as object), name: `${source.name} (copy)`.slice(0, 200) });
  const viewer = await requireViewer(request);
  const grid = await insertGrid(db, { id: newId('grid'), name: definition.name, definition, ownerId: viewer.ownerId });
  return Response.json(toGrid(grid, viewer), { status: 201, headers: NO_STORE });
});

export const handleListRuns = withRoute('GET /api/grids/{id}/runs', async (request: Request, id: string) => {
  const db = await openDb();
  await loadGrid(db, request, id);
  return Response.json({ object: 'list', data: await readRunSummaries(db, id) }, { headers: NO_STORE });
});

export const handleStartRun = withRoute('POST /api/grids/{id}/runs', async (request: Request, id: string) => {
  const settings = await readBody(request, (value) => parseOrThrow(gridRunRequestSchema, value));
  const db = await openDb();
  const grid = await loadGrid(db, request, id, 'change');
  const actor = await requireActor(request);
  checkOnBehalfOfPolicy(grid.definition as GridDefinition, actor);
  const run = await startGridRun(db, grid, { request: settings, apiKey: readBrowserKey(request, getEnv()), actor });
  return answerRun(db, run, 202);
});

export const handleGetRun = withRoute('GET /api/grids/{id}/runs/{run_id}', async (request: Request, id: string, runId: string) => {
  const db = await openDb();
  return answerRun(db, await loadRun(db, request, id, runId));
});

export const handleCancelRun = withRoute('POST /api/grids/{id}/runs/{run_id}/cancel', async (request: Request, id: string, runId: string) => {
  const db = await openDb();
  const run = await loadRun(db, request, id, runId, 'change');
  await cancelGridRun(db, run);
  // A run of this process ends within moments: answer once it has, so the reply shows its final cells.
  await getLiveRun(run.id)?.done;
  return answerRun(db, (await getRun(db, run.id)) ?? run, 202);
});

export const handleRerun = withRoute('POST /api/grids/{id}/runs/{run_id}/rerun', async (request: Request, id: string, runId: string) => {
  const rerun = await readBody(request, (value) => parseOrThrow(gridRerunRequestSchema, value));
  const db = await openDb();
  const run = await loadRun(db, request, id, runId, 'change');
  const actor = await requireActor(request);
  checkOnBehalfOfPolicy(run.definition as GridDefinition, actor);
  const queued = await rerunGridRun(db, run, rerun, { apiKey: readBrowserKey(request, getEnv()), actor });
  return answerRun(db, queued, 202);
});

export const handleRunEvents = withRoute('GET /api/grids/{id}/runs/{run_id}/events', async (request: Request, id: string, runId: string) => {
  const db = await openDb();
  const run = await loadRun(db, request, id, runId);
  return new Response(streamRunEvents(db, run, request.signal), {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
});

export const handleExportRun = withRoute('GET /api/grids/{id}/runs/{run_id}/export', async (request: Request, id: string, runId: string) => {
  const format = new URL(request.url).searchParams.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new ApiError(400, `Unknown export format ${JSON.stringify(format)}: use csv or json.`, { param: 'format', code: 'invalid_value' });
  const db = await openDb();
  const run = await readRun(db, await loadRun(db, request, id, runId));
  if (!run) throw new ApiError(404, `No run ${JSON.stringify(runId)}.`, { type: 'not_found_error', param: 'run_id', code: 'run_not_found' });
  const body = format === 'csv' ? buildRunCsv(run) : JSON.stringify(run, null, 2);
  const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json';
  return new Response(body, { headers: { ...NO_STORE, 'Content-Type': type, 'Content-Disposition': `attachment; filename="${run.id}.${format}"` } });
});

/** One cell with its whole turn (request sent, items, raw events), for the transcript view. */
export const handleGetCell = withRoute('GET /api/grids/{id}/runs/{run_id}/cells/{variant}/{row}', async (request: Request, id: string, runId: string, variant: string, row: string) => {
  const db = await openDb();
  const run = await loadRun(db, request, id, runId);
  const variantIndex = Number(variant);
  const rowIndex = Number(row);
  const found = Number.isInteger(variantIndex) && Number.isInteger(rowIndex) ? await getCellTurn(db, run.id, variantIndex, rowIndex) : null;
  if (!found) throw new ApiError(404, `No cell ${variant}/${row} in run ${run.id} (variant and row are 0-based indexes).`, { type: 'not_found_error', param: 'cell', code: 'cell_not_found' });
  const liveRun = getLiveRun(run.id);
  const live = liveRun?.cells().find((cell) => cell.variant_index === variantIndex && cell.row_index === rowIndex);
  // A cell that just settled (or started again) may not be written yet: its turn is the one in memory then.
  const turn = (liveRun?.unwrittenTurn(variantIndex, rowIndex) ?? found).turn;
  return Response.json({ ...(live ?? toCell(found.cell, run.definition as never)), turn }, { headers: NO_STORE });
});
