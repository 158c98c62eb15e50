// Database rows as the API's snake_case replies: grids, runs with their cells and totals, and the regression view.
import 'server-only';
import { ownershipOf, SHARED_VIEWER, type Viewer } from '@/lib/db/owner';
import type { GridCellStatus, GridDefinition, GridRunStatus } from '@/lib/schema/grid';
import { findVariantProblem } from './cells';
import type { CheckVerdict } from './checks';
import type { CellRow, GridRow, RunRow } from './store';
import { compareRuns, summarizeRun } from './summary';
import type { Grid, GridCell, GridCellError, GridOwnership, GridRun, GridRunSummary, GridSummary } from './wire';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toCell(row: CellRow, definition: GridDefinition): GridCell {
  return {
    variant: definition.variants[row.variantIndex]?.label ?? `variant ${row.variantIndex + 1}`,
    row: definition.rows[row.rowIndex]?.label ?? `row ${row.rowIndex + 1}`,
    variant_index: row.variantIndex,
    row_index: row.rowIndex,
    status: row.status as GridCellStatus,
    pass: row.passed,
    output_text: row.outputText,
    response_id: row.responseId,
    model: row.model,
    on_behalf_of: row.onBehalfOf,
    error: (row.error as GridCellError | null) ?? null,
    checks: (row.checks as CheckVerdict[] | null) ?? [],
    ttft_ms: row.ttftMs,
    total_ms: row.totalMs,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    total_tokens: row.totalTokens,
    attempts: row.attempts,
    rate_limit_retries: row.rateLimitRetries,
    retry_at: null,
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
  };
}

export function elapsedMsOf(run: Pick<RunRow, 'startedAt' | 'endedAt'>, now = new Date()): number {
  if (!run.startedAt) return 0;
  return Math.max(0, (run.endedAt ?? now).getTime() - run.startedAt.getTime());
}

export function toRunSummary(run: RunRow, cells: readonly GridCell[]): GridRunSummary {
  const definition = run.definition as GridDefinition;
  return {
    id: run.id,
    grid_id: run.gridId,
    status: run.status as GridRunStatus,
    concurrency: run.concurrency,
    cell_timeout_ms: run.cellTimeoutMs,
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    ended_at: iso(run.endedAt),
    elapsed_ms: elapsedMsOf(run),
    cells_done_at_start: run.cellsDoneAtStart,
    totals: summarizeRun(
      definition.variants.map((variant) => variant.label),
      cells,
    ),
  };
}

export function toCells(rows: readonly CellRow[], run: Pick<RunRow, 'definition'>): GridCell[] {
  return rows.map((row) => toCell(row, run.definition as GridDefinition));
}

/** A run with every cell; `previous` (the grid's run before it, with its cells) adds the regression view. */
export function toRun(summary: GridRunSummary, definition: GridDefinition, cells: GridCell[], previous: { id: string; cells: readonly GridCell[] } | null): GridRun {
  return {
    ...summary,
    definition,
    variant_problems: definition.variants.map((variant) => findVariantProblem(definition, variant)),
    cells,
    regression: previous ? compareRuns(previous.id, previous.cells, cells) : null,
  };
}

/** Whose grid it is, as the viewer sees it: the page shows Mine/Team, the share switch, and read-only for a shared one. */
function toOwnership(row: GridRow, viewer: Viewer): GridOwnership {
  const ownership = ownershipOf(row, viewer);
  return { owner_id: ownership.ownerId, shared: ownership.shared, is_changeable: ownership.isChangeable };
}

export function toGrid(row: GridRow, viewer: Viewer = SHARED_VIEWER): Grid {
  const definition = row.definition as GridDefinition;
  return {
    id: row.id,
    name: row.name,
    ...toOwnership(row, viewer),
    definition,
    variant_problems: definition.variants.map((variant) => findVariantProblem(definition, variant)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_run: null,
  };
}

export function toGridSummary(row: GridRow, lastRun: GridRunSummary | null, viewer: Viewer = SHARED_VIEWER): GridSummary {
  const definition = row.definition as GridDefinition;
  return {
    id: row.id,
    name: row.name,
    ...toOwnership(row, viewer),
    variants: definition.variants.length,
    rows: definition.rows.length,
    checks: definition.checks.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_run: lastRun,
  };
}
