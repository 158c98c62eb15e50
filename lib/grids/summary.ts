// Results at a glance (pure, used by the server and the page): whether a cell passes, per-variant totals, the best values and the regression view.
import type { GridCellStatus } from '@/lib/schema/grid';
import type { CheckVerdict } from './checks';
import type { GridCell, GridCellRef, GridRegression, GridRunTotals, GridVariantTotals } from './wire';

/** Cells that never got a response (or were cut by the user) cannot pass, whatever their checks say. */
const WITHOUT_RESPONSE: readonly GridCellStatus[] = ['error', 'timed_out', 'interrupted', 'invalid', 'cancelled'];
const UNSETTLED: readonly GridCellStatus[] = ['queued', 'running'];

export function isSettled(status: GridCellStatus): boolean {
  return !UNSETTLED.includes(status);
}

/** A settled cell passes when it got a response and every check passed; with no checks, when its status is completed. */
export function decidePass(status: GridCellStatus, checks: readonly CheckVerdict[]): boolean | null {
  if (!isSettled(status)) return null;
  if (WITHOUT_RESPONSE.includes(status)) return false;
  return checks.length > 0 ? checks.every((check) => check.pass) : status === 'completed';
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const numbers = (values: readonly (number | null)[]): number[] => values.filter((value): value is number => value !== null);

function totalsOf(cells: readonly GridCell[]): Omit<GridVariantTotals, 'variant' | 'variant_index' | 'median_ttft_ms' | 'median_total_ms' | 'total_tokens'> {
  const done = cells.filter((cell) => isSettled(cell.status));
  const passed = done.filter((cell) => cell.pass === true).length;
  return { cells: cells.length, done: done.length, passed, failed: done.length - passed, pass_rate: done.length ? passed / done.length : null };
}

export function summarizeRun(variants: readonly string[], cells: readonly GridCell[]): GridRunTotals {
  const perVariant = variants.map((variant, index): GridVariantTotals => {
    const own = cells.filter((cell) => cell.variant_index === index);
    const answered = own.filter((cell) => isSettled(cell.status) && !WITHOUT_RESPONSE.includes(cell.status));
    return {
      variant,
      variant_index: index,
      ...totalsOf(own),
      median_ttft_ms: median(numbers(answered.map((cell) => cell.ttft_ms))),
      median_total_ms: median(numbers(answered.map((cell) => cell.total_ms))),
      total_tokens: own.reduce((sum, cell) => sum + (cell.total_tokens ?? 0), 0),
    };
  });
  return { ...totalsOf(cells), variants: perVariant };
}

/** Time left at the pace so far: elapsed per settled cell times the cells still to go; null before the first one settles. */
export function estimateMsLeft(elapsedMs: number, done: number, total: number): number | null {
  if (done === 0 || done >= total) return done >= total ? 0 : null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** Indexes of the best values (ties all win); `null`s never win, and one value alone is not "best" of anything. */
export function bestIndexes(values: readonly (number | null)[], better: 'lower' | 'higher'): number[] {
  const present = numbers(values);
  if (present.length < 2) return [];
  const best = better === 'lower' ? Math.min(...present) : Math.max(...present);
  if (present.every((value) => value === best)) return [];
  return values.flatMap((value, index) => (value === best ? [index] : []));
}

const refOf = (cell: GridCell): GridCellRef => ({ variant: cell.variant, row: cell.row });
const keyOf = (cell: GridCellRef) => JSON.stringify([cell.variant, cell.row]);

/** This run against the one before it, cell by cell where both have a settled cell with the same variant and row labels. */
export function compareRuns(previousRunId: string, previous: readonly GridCell[], current: readonly GridCell[]): GridRegression {
  const before = new Map(previous.filter((cell) => cell.pass !== null).map((cell) => [keyOf(cell), cell.pass]));
  const result: GridRegression = { previous_run_id: previousRunId, newly_passing: [], newly_failing: [], still_passing: 0, still_failing: 0 };
  for (const cell of current) {
    const was = before.get(keyOf(cell));
    if (was === undefined || cell.pass === null) continue;
    if (was === cell.pass) {
      if (cell.pass) result.still_passing += 1;
      else result.still_failing += 1;
    } else if (cell.pass) result.newly_passing.push(refOf(cell));
    else result.newly_failing.push(refOf(cell));
  }
  return result;
}
