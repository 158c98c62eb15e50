// The grid runner of this process: starts, re-runs and stops runs, keeps their heartbeat, and ends runs a gone process left
// running (`interrupted`): at once on PGlite (one process at a time), after HEARTBEAT_MS × 3 of silence on PostgreSQL.
import 'server-only';
import type { Actor } from '@/lib/auth/identity';
import { applyOnBehalfOfPolicy } from '@/lib/auth/on-behalf-of-policy';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/open';
import { getEnv } from '@/lib/env';
import { createServerResponses } from '@/lib/gateway';
import { ApiError } from '@/lib/schema/errors';
import { GRID_LIMITS, type GridDefinition, type GridRerunRequest, type GridRunRequest } from '@/lib/schema/grid';
import { buildCellRequest, findRequestProblem, findRowProblem } from './cells';
import { RunHub } from './hub';
import { LiveRun, type TransportFor } from './live-run';
import { countSettledCells, findCancelRequested, insertRun, interruptOrphanRuns, listCells, requeueCells, touchRuns, updateRun, ACTIVE_RUN_STATUSES, type GridRow, type NewCell, type RunRow } from './store';
import { createGatewayTransport } from './transport';
import { toCell } from './views';
import type { GridCell } from './wire';

const HEARTBEAT_MS = 5_000;
const QUIET_AFTER_MS = 3 * HEARTBEAT_MS;
/** How long a stopping server waits for its runs to record that they were interrupted. */
const SHUTDOWN_WAIT_MS = 5_000;

interface RunnerState {
  id: string;
  hub: RunHub;
  live: Map<string, { run: LiveRun; db: Db }>;
  /** The database the orphan sweep looks at (the last one a route used). */
  db: Db | null;
  recovered: WeakMap<Db, Promise<void>>;
  heartbeat: NodeJS.Timeout | null;
  hasShutdownHandler?: boolean;
}

const holder = globalThis as typeof globalThis & { __playgroundGridRunner?: RunnerState };

function runner(): RunnerState {
  holder.__playgroundGridRunner ??= { id: `runner_${randomUUID()}`, hub: new RunHub(), live: new Map(), db: null, recovered: new WeakMap(), heartbeat: null };
  return holder.__playgroundGridRunner;
}

export function newId(prefix: 'grid' | 'gridrun'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}

function sweepOrphans(db: Db, anyRunner: boolean): Promise<void> {
  const state = runner();
  return interruptOrphanRuns(db, { quietSince: new Date(Date.now() - QUIET_AFTER_MS), runningHere: [...state.live.keys()], anyRunner })
    .then((ids) => {
      if (ids.length > 0) console.warn(`[grids] interrupted ${ids.length} run(s) left running by a stopped process: ${ids.join(', ')}`);
    })
    .catch((error: Error) => console.error(`[grids] orphan sweep failed: ${error.name}`));
}

async function beat(): Promise<void> {
  const state = runner();
  const byDb = new Map<Db, string[]>();
  for (const [id, { db }] of state.live) byDb.set(db, [...(byDb.get(db) ?? []), id]);
  for (const [db, ids] of byDb) {
    await touchRuns(db, ids);
    // A Stop sent to another process only reaches the stored row; the run that lives here stops on it.
    for (const id of await findCancelRequested(db, ids)) state.live.get(id)?.run.cancel();
  }
  if (state.db) await sweepOrphans(state.db, false);
}

/** Before any grid work: the first sweep of this database, and the heartbeat. */
export async function ensureRunner(db: Db): Promise<void> {
  const state = runner();
  state.db = db;
  if (!state.heartbeat) {
    state.heartbeat = setInterval(() => void beat().catch((error: Error) => console.error(`[grids] heartbeat failed: ${error.name}`)), HEARTBEAT_MS);
    state.heartbeat.unref();
  }
  let recovered = state.recovered.get(db);
  if (!recovered) {
    recovered = sweepOrphans(db, !getEnv().DATABASE_URL);
    state.recovered.set(db, recovered);
  }
  await recovered;
}

/**
 * On SIGTERM or SIGINT, runs of this process end `interrupted` at once (their cells stop, background responses are cancelled
 * on the gateway) instead of holding the server open until they finish. Called by the server's start-up only: a test
 * worker must keep its own signal handling. When nothing else handles the signal, the process exits once they have ended.
 */
export function interruptRunsOnShutdown(): void {
  const state = runner();
  if (state.hasShutdownHandler) return;
  state.hasShutdownHandler = true;
  const onSignal = (signal: NodeJS.Signals) => {
    const runs = [...state.live.values()].map((entry) => entry.run);
    for (const run of runs) run.interrupt();
    const isAlone = process.listenerCount(signal) === 0;
    const ended = Promise.all(runs.map((run) => run.done));
    void Promise.race([ended, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]).then(() => {
      if (isAlone) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

export function getLiveRun(runId: string): LiveRun | null {
  return runner().live.get(runId)?.run ?? null;
}

export function getRunHub(): RunHub {
  return runner().hub;
}

function launch(db: Db, run: RunRow, cells: readonly GridCell[], options: Omit<RunOptions, 'request'>): LiveRun {
  const state = runner();
  const { apiKey, actor, transportFor } = options;
  const gatewayTransport: TransportFor = (request) =>
    // Under ON_BEHALF_OF_POLICY=self the cells act as the user who started the run (claim was checked before the start).
    createGatewayTransport(createServerResponses({ onBehalfOf: actor ? applyOnBehalfOfPolicy(getEnv(), actor, request.onBehalfOf) : request.onBehalfOf, apiKey, name: `grid run ${run.id}`, actor }));
  const live = new LiveRun(run, cells, { db, hub: state.hub, runnerId: state.id, transportFor: transportFor ?? gatewayTransport });
  state.live.set(run.id, { run: live, db });
  void live.done.finally(() => state.live.delete(run.id));
  return live;
}

export interface RunOptions {
  request: GridRunRequest;
  /** The user's own gateway key (ALLOW_BROWSER_KEYS): kept in memory for this run only. */
  apiKey: string | null;
  /** Who started the run: the audit log names them for every cell's calls. */
  actor?: Actor;
  transportFor?: TransportFor;
}

const invalidError = (problem: { message: string; param: string | null }) => ({ message: problem.message, type: 'invalid_request_error', code: 'invalid_request', param: problem.param, http_status: null });

/** A new run of the grid as it is now: every cell queued, except those whose request cannot be sent (`invalid`, saying why). */
export async function startGridRun(db: Db, grid: GridRow, options: RunOptions): Promise<RunRow> {
  await ensureRunner(db);
  const definition = grid.definition as GridDefinition;
  const cells: NewCell[] = definition.variants.flatMap((variant, variantIndex) =>
    definition.rows.map((row, rowIndex): NewCell => {
      const request = buildCellRequest(definition, variant, row);
      const problem = findRowProblem(definition, variant, row) ?? findRequestProblem(request);
      return problem ? { variantIndex, rowIndex, status: 'invalid', onBehalfOf: request.onBehalfOf, error: invalidError(problem), passed: false } : { variantIndex, rowIndex, status: 'queued', onBehalfOf: request.onBehalfOf };
    }),
  );
  const run = await insertRun(
    db,
    {
      id: newId('gridrun'),
      gridId: grid.id,
      status: 'queued',
      definition,
      concurrency: options.request.concurrency ?? GRID_LIMITS.concurrency.default,
      cellTimeoutMs: options.request.cell_timeout_ms ?? GRID_LIMITS.cellTimeoutMs.default,
      runnerId: runner().id,
      heartbeatAt: new Date(),
      cellsDoneAtStart: cells.filter((cell) => cell.status === 'invalid').length,
    },
    cells,
  );
  launch(db, run, await listCellViews(db, run), options);
  return run;
}

async function listCellViews(db: Db, run: RunRow): Promise<GridCell[]> {
  const definition = run.definition as GridDefinition;
  return (await listCells(db, run.id)).map((row) => toCell(row, definition));
}

function selectCells(run: RunRow, cells: Awaited<ReturnType<typeof listCells>>, rerun: GridRerunRequest) {
  const definition = run.definition as GridDefinition;
  const variantIndex = rerun.variant === undefined ? -1 : definition.variants.findIndex((variant) => variant.label === rerun.variant);
  const rowIndex = rerun.row === undefined ? -1 : definition.rows.findIndex((row) => row.label === rerun.row);
  if (rerun.variant !== undefined && variantIndex === -1) throw new ApiError(400, `This run has no variant labelled ${JSON.stringify(rerun.variant)}.`, { param: 'variant', code: 'unknown_variant' });
  if (rerun.row !== undefined && rowIndex === -1) throw new ApiError(400, `This run has no row labelled ${JSON.stringify(rerun.row)}.`, { param: 'row', code: 'unknown_row' });
  const runnable = cells.filter((cell) => cell.status !== 'invalid');
  switch (rerun.scope) {
    case 'failed':
      return runnable.filter((cell) => cell.passed !== true);
    case 'cell':
      return runnable.filter((cell) => cell.variantIndex === variantIndex && cell.rowIndex === rowIndex);
    case 'row':
      return runnable.filter((cell) => cell.rowIndex === rowIndex);
    case 'column':
      return runnable.filter((cell) => cell.variantIndex === variantIndex);
    case 'all':
      return runnable;
  }
}

/** Runs some cells of an ended run again, in place: their new results replace the old ones. */
export async function rerunGridRun(db: Db, run: RunRow, rerun: GridRerunRequest, options: Omit<RunOptions, 'request'>): Promise<RunRow> {
  await ensureRunner(db);
  if (getLiveRun(run.id) || ACTIVE_RUN_STATUSES.includes(run.status as never)) {
    throw new ApiError(409, `The run is still ${run.status}: stop it or let it end before running cells again.`, { code: 'run_active' });
  }
  const selected = selectCells(run, await listCells(db, run.id), rerun);
  if (selected.length === 0) throw new ApiError(400, rerun.scope === 'failed' ? 'Every cell of this run passed: nothing failed to run again.' : 'No cell to run again (a cell that cannot be sent stays invalid).', { code: 'nothing_to_rerun' });
  const claimed = await updateRun(db, run.id, { status: 'queued', endedAt: null, concurrency: rerun.concurrency ?? run.concurrency, cellTimeoutMs: rerun.cell_timeout_ms ?? run.cellTimeoutMs, runnerId: runner().id, heartbeatAt: new Date(), isCancelRequested: false }, ['completed', 'cancelled', 'interrupted']);
  if (!claimed) throw new ApiError(409, 'The run was started again by another request.', { code: 'run_active' });
  await requeueCells(db, run.id, selected);
  const cellsDoneAtStart = await countSettledCells(db, run.id);
  const queued = (await updateRun(db, run.id, { cellsDoneAtStart })) ?? claimed;
  launch(db, queued, await listCellViews(db, queued), options);
  return queued;
}

/** Stop: the run here is aborted at once; one running in another process is asked to stop at its next heartbeat. */
export async function cancelGridRun(db: Db, run: RunRow): Promise<void> {
  const live = getLiveRun(run.id);
  if (live) return live.cancel();
  if (!ACTIVE_RUN_STATUSES.includes(run.status as never)) throw new ApiError(409, `The run has already ended (${run.status}).`, { code: 'run_not_active' });
  await updateRun(db, run.id, { isCancelRequested: true }, ACTIVE_RUN_STATUSES);
}
