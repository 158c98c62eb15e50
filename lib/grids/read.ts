// Reading runs: a run this process is running is read from memory (ahead of the database while cells stream), any other from the database.
import 'server-only';
import type { Db } from '@/lib/db/open';
import type { GridDefinition } from '@/lib/schema/grid';
import { getLiveRun } from './runner';
import { getRun, listCells, listCellsOfRuns, listRuns, latestRuns, previousRun, type GridRow, type RunRow } from './store';
import { toCells, toRun, toRunSummary } from './views';
import type { GridCell, GridRun, GridRunSummary } from './wire';

/** The grid's run before this one, with its cells (the regression view compares with it). */
export async function readPrevious(db: Db, run: RunRow): Promise<{ id: string; cells: GridCell[] } | null> {
  const previous = await previousRun(db, run);
  return previous ? { id: previous.id, cells: toCells(await listCells(db, previous.id), previous) } : null;
}

/** The run with every cell and the regression view; the stored row may be passed when the caller has it. */
export async function readRun(db: Db, runOrId: string | RunRow): Promise<GridRun | null> {
  const run = typeof runOrId === 'string' ? await getRun(db, runOrId) : runOrId;
  if (!run) return null;
  const previous = await readPrevious(db, run);
  // Taken after the awaits above, in one step: the live state is the newest this process knows.
  const live = getLiveRun(run.id);
  if (live) return toRun(live.summary(), run.definition as GridDefinition, live.cells(), previous);
  const cells = toCells(await listCells(db, run.id), run);
  return toRun(toRunSummary(run, cells), run.definition as GridDefinition, cells, previous);
}

function summarize(runs: readonly RunRow[], cells: Awaited<ReturnType<typeof listCellsOfRuns>>): GridRunSummary[] {
  return runs.map((run) => {
    const live = getLiveRun(run.id);
    if (live) return live.summary();
    return toRunSummary(run, toCells(cells.filter((cell) => cell.runId === run.id), run));
  });
}

export async function readRunSummaries(db: Db, gridId: string): Promise<GridRunSummary[]> {
  const runs = await listRuns(db, gridId);
  return summarize(runs, await listCellsOfRuns(db, runs.map((run) => run.id)));
}

/** The newest run of each grid, by grid id. */
export async function readLatestRuns(db: Db, grids: readonly GridRow[]): Promise<Map<string, GridRunSummary>> {
  const runs = await latestRuns(db, grids.map((grid) => grid.id));
  const summaries = summarize(runs, await listCellsOfRuns(db, runs.map((run) => run.id)));
  return new Map(summaries.map((summary) => [summary.grid_id, summary]));
}
