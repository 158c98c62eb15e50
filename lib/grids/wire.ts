// The grid API's reply shapes, snake_case as on the wire (isomorphic types: the routes build them, the page and scripts read them).
import type { GridCellStatus, GridDefinition, GridRunStatus } from '@/lib/schema/grid';
import type { CellProblem } from './cells';
import type { CheckVerdict } from './checks';

export interface GridCellError {
  message: string;
  type: string | null;
  code: string | null;
  param: string | null;
  http_status: number | null;
}

export interface GridCell {
  variant: string;
  row: string;
  variant_index: number;
  row_index: number;
  status: GridCellStatus;
  /** null until the cell has settled; see lib/grids/summary.ts for the rule. */
  pass: boolean | null;
  output_text: string;
  response_id: string | null;
  /** The model that served (response.model), which auto_routing may have chosen. */
  model: string | null;
  on_behalf_of: string | null;
  error: GridCellError | null;
  checks: CheckVerdict[];
  ttft_ms: number | null;
  total_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  total_tokens: number | null;
  /** Times the cell was sent: 1 per run or re-run, plus one per 429 retry. */
  attempts: number;
  rate_limit_retries: number;
  /** While a 429 is waited out: when the cell is sent again. */
  retry_at: string | null;
  started_at: string | null;
  ended_at: string | null;
}

export interface GridVariantTotals {
  variant: string;
  variant_index: number;
  cells: number;
  done: number;
  passed: number;
  failed: number;
  pass_rate: number | null;
  median_ttft_ms: number | null;
  median_total_ms: number | null;
  total_tokens: number;
}

export interface GridRunTotals {
  cells: number;
  done: number;
  passed: number;
  failed: number;
  pass_rate: number | null;
  variants: GridVariantTotals[];
}

export interface GridCellRef {
  variant: string;
  row: string;
}

/** What changed since the grid's run before this one: cells (matched by labels) that now pass or fail. */
export interface GridRegression {
  previous_run_id: string;
  newly_passing: GridCellRef[];
  newly_failing: GridCellRef[];
  still_passing: number;
  still_failing: number;
}

export interface GridRunSummary {
  id: string;
  grid_id: string;
  status: GridRunStatus;
  concurrency: number;
  cell_timeout_ms: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  /** Wall time so far (or in all, once ended), measured by the server when the reply was made. */
  elapsed_ms: number;
  /** Cells already settled when the latest (re-)run began: the pace, and so the time left, counts only the others. */
  cells_done_at_start: number;
  totals: GridRunTotals;
}

export interface GridRun extends GridRunSummary {
  /** The definition as it was when the run started (later edits of the grid do not change it). */
  definition: GridDefinition;
  variant_problems: (CellProblem | null)[];
  cells: GridCell[];
  regression: GridRegression | null;
}

/** Whose grid (null: from before personal sign-in, everyone's); only a changeable one may be edited, run, shared or deleted. */
export interface GridOwnership {
  owner_id: string | null;
  shared: boolean;
  is_changeable: boolean;
}

export interface GridSummary extends GridOwnership {
  id: string;
  name: string;
  variants: number;
  rows: number;
  checks: number;
  created_at: string;
  updated_at: string;
  last_run: GridRunSummary | null;
}

export interface Grid extends Omit<GridSummary, 'variants' | 'rows' | 'checks'> {
  definition: GridDefinition;
  variant_problems: (CellProblem | null)[];
}

/** The live progress events of GET /api/grids/{id}/runs/{run_id}/events (each `data:` is JSON). */
export type GridRunEvent =
  | { event: 'snapshot'; data: GridRun }
  | { event: 'run'; data: GridRunSummary }
  | { event: 'cell'; data: GridCell }
  | { event: 'text'; data: { variant_index: number; row_index: number; offset: number; text: string; output_tokens: number; ttft_ms: number | null } }
  | { event: 'end'; data: { status: GridRunStatus } };
