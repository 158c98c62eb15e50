// One run in progress in this process: each queued cell driven by the run controller (lib/run) through the scheduler, its
// state mirrored in memory for live pages (text every TEXT_FLUSH_MS) and written to the database as it starts and settles
// (the run's cell changes written together: cell-writes.ts).
import 'server-only';
import type { Db } from '@/lib/db/open';
import { isPending, type RunState } from '@/lib/run/machine';
import { RunDriver } from '@/lib/run/driver';
import type { RunTransport } from '@/lib/run/transport';
import { isTerminalStatus } from '@/lib/schema/constants';
import type { GridDefinition, GridRunStatus } from '@/lib/schema/grid';
import { createCellWrites, type CellChange, type CellWrites, type UnwrittenTurn } from './cell-writes';
import { buildCellRequest, type CellRequest } from './cells';
import type { RunHub } from './hub';
import { INTERRUPTED_ERROR, outputTextOf, settleCell } from './outcome';
import { runScheduled, type JobEnd, type ScheduledJob } from './scheduler';
import { packTurn, updateRun, type RunRow } from './store';
import { elapsedMsOf } from './views';
import type { GridCell, GridRunSummary } from './wire';
import { summarizeRun } from './summary';

/** How often a streaming cell's new text goes to live pages. */
export const TEXT_FLUSH_MS = 100;
const MAX_RATE_LIMIT_RETRIES = 5;
const DEFAULT_RETRY_AFTER_MS = 5_000;

export type TransportFor = (request: CellRequest) => RunTransport;

export interface LiveRunOptions {
  db: Db;
  hub: RunHub;
  runnerId: string;
  transportFor: TransportFor;
}

interface LiveCell {
  cell: GridCell;
  request: CellRequest;
  driver: RunDriver | null;
  isDirty: boolean;
}

const keyOf = (variantIndex: number, rowIndex: number) => `${variantIndex}:${rowIndex}`;

/** Stops a cell's turn: a background response it started is cancelled on the gateway, anything else stops being read. */
async function stopDriver(driver: RunDriver): Promise<void> {
  const { transcript } = driver.state;
  if (transcript.response?.background === true && typeof transcript.response.id === 'string' && isPending(transcript) && (await driver.cancel().catch(() => false))) return;
  driver.stop();
}

export class LiveRun {
  readonly id: string;
  readonly controller = new AbortController();
  readonly done: Promise<void>;
  #row: RunRow;
  readonly #definition: GridDefinition;
  readonly #cells = new Map<string, LiveCell>();
  readonly #options: LiveRunOptions;
  #flushTimer: NodeJS.Timeout | null = null;
  #isInterrupted = false;
  readonly #cellWrites: CellWrites;

  /** `cells`: every cell of the run as stored; those `queued` run now. */
  constructor(row: RunRow, cells: readonly GridCell[], options: LiveRunOptions) {
    this.id = row.id;
    this.#row = row;
    this.#definition = row.definition as GridDefinition;
    this.#options = options;
    this.#cellWrites = createCellWrites(options.db, row.id);
    for (const cell of cells) {
      const request = buildCellRequest(this.#definition, this.#definition.variants[cell.variant_index]!, this.#definition.rows[cell.row_index]!);
      this.#cells.set(keyOf(cell.variant_index, cell.row_index), { cell: { ...cell }, request, driver: null, isDirty: false });
    }
    this.done = this.#execute();
  }

  get gridId(): string {
    return this.#row.gridId;
  }

  /** The run as live pages see it now (memory is ahead of the database while cells stream). */
  summary(): GridRunSummary {
    return {
      id: this.id,
      grid_id: this.#row.gridId,
      status: this.#row.status as GridRunStatus,
      concurrency: this.#row.concurrency,
      cell_timeout_ms: this.#row.cellTimeoutMs,
      created_at: this.#row.createdAt.toISOString(),
      started_at: this.#row.startedAt?.toISOString() ?? null,
      ended_at: this.#row.endedAt?.toISOString() ?? null,
      elapsed_ms: elapsedMsOf(this.#row),
      cells_done_at_start: this.#row.cellsDoneAtStart,
      totals: summarizeRun(this.#definition.variants.map((variant) => variant.label), this.cells()),
    };
  }

  cells(): GridCell[] {
    return [...this.#cells.values()].map((live) => live.cell);
  }

  /** A cell's turn while its latest change is still queued (the database's is older then); null when none is queued. */
  unwrittenTurn(variantIndex: number, rowIndex: number): UnwrittenTurn | null {
    return this.#cellWrites.unwrittenTurn(variantIndex, rowIndex);
  }

  get row(): RunRow {
    return this.#row;
  }

  cancel(): void {
    this.controller.abort();
  }

  /** The server is stopping: what runs or waits ends `interrupted`, and so does the run. */
  interrupt(): void {
    this.#isInterrupted = true;
    this.controller.abort();
  }

  async #setRun(fields: Partial<RunRow>): Promise<void> {
    this.#row = { ...this.#row, ...fields };
    await updateRun(this.#options.db, this.id, fields).catch((error: Error) => console.error(`[grids] run ${this.id} not saved: ${error.name}`));
    this.#options.hub.publish(this.id, { event: 'run', data: this.summary() });
  }

  /** Mirrors a cell change in memory, queues its write (`unwritten`: the turn it sets) and tells live pages, which may ask for that turn at once. */
  #setCell(live: LiveCell, fields: Partial<GridCell>, stored: CellChange['stored'], unwritten?: UnwrittenTurn): void {
    live.cell = { ...live.cell, ...fields };
    this.#cellWrites.queue({ variantIndex: live.cell.variant_index, rowIndex: live.cell.row_index, stored }, unwritten);
    this.#options.hub.publish(this.id, { event: 'cell', data: live.cell });
  }

  async #execute(): Promise<void> {
    const queued = [...this.#cells.values()].filter((live) => live.cell.status === 'queued');
    await this.#setRun({ status: 'running', startedAt: new Date(), endedAt: null, runnerId: this.#options.runnerId, heartbeatAt: new Date() });
    const jobs = queued.map((live) => this.#jobOf(live));
    await runScheduled(
      jobs,
      {
        concurrency: this.#row.concurrency,
        timeoutMs: this.#row.cellTimeoutMs,
        maxRateLimitRetries: MAX_RATE_LIMIT_RETRIES,
        defaultRetryAfterMs: DEFAULT_RETRY_AFTER_MS,
        onStart: (job, attempt) => this.#onStart(this.#cells.get(job.key)!, attempt),
        onWait: (job, untilMs) => this.#onWait(this.#cells.get(job.key)!, untilMs),
        onEnd: (job, end) => this.#onEnd(this.#cells.get(job.key)!, end),
      },
      this.controller.signal,
    );
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    await this.#cellWrites.flush();
    const status: GridRunStatus = this.#isInterrupted ? 'interrupted' : this.controller.signal.aborted ? 'cancelled' : 'completed';
    await this.#setRun({ status, endedAt: new Date() });
    this.#options.hub.publish(this.id, { event: 'end', data: { status } });
  }

  #jobOf(live: LiveCell): ScheduledJob {
    const key = keyOf(live.cell.variant_index, live.cell.row_index);
    return {
      key,
      lane: String(live.cell.variant_index),
      attempt: async (signal, attempt) => {
        if (!live.driver || attempt === 1) {
          const headers: Record<string, string> = live.request.onBehalfOf ? { 'X-On-Behalf-Of': live.request.onBehalfOf } : {};
          live.driver = new RunDriver(
            { body: live.request.body, headers, kind: 'create' },
            { transport: this.#options.transportFor(live.request), policy: { isRateLimitRetried: false }, onChange: () => this.#markDirty(live) },
          );
        }
        const driver = live.driver;
        const settled = attempt === 1 ? driver.start() : driver.retry();
        const onAbort = () => void stopDriver(driver);
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
        await settled;
        signal.removeEventListener('abort', onAbort);
        const { state } = driver;
        if (state.status !== 'rate_limited') return { kind: 'done' };
        const seconds = state.error?.retryAfterSeconds ?? null;
        return { kind: 'rate_limited', retryAfterMs: seconds === null ? null : seconds * 1000 };
      },
    };
  }

  #onStart(live: LiveCell, attempt: number): void {
    const now = new Date();
    const startedAt = attempt === 1 ? now.toISOString() : live.cell.started_at;
    const fields = { status: 'running' as const, attempts: live.cell.attempts + 1, started_at: startedAt, ended_at: null, retry_at: null, ...(attempt === 1 ? { output_text: '', ttft_ms: null, total_ms: null, response_id: null, model: null } : {}) };
    const cleared = attempt === 1 ? { outputText: '', responseId: null, model: null, ttftMs: null, totalMs: null, inputTokens: null, outputTokens: null, totalTokens: null, turn: null, turnPacked: null } : {};
    this.#setCell(live, fields, { status: 'running', attempts: fields.attempts, startedAt: startedAt ? new Date(startedAt) : null, endedAt: null, ...cleared }, attempt === 1 ? { turn: null } : undefined);
  }

  #onWait(live: LiveCell, untilMs: number): void {
    const retryAt = new Date(Date.now() + Math.max(0, untilMs - performance.now())).toISOString();
    this.#setCell(live, { rate_limit_retries: live.cell.rate_limit_retries + 1, retry_at: retryAt }, { rateLimitRetries: live.cell.rate_limit_retries + 1 });
  }

  #onEnd(live: LiveCell, end: JobEnd): void {
    const key = keyOf(live.cell.variant_index, live.cell.row_index);
    const timeoutMs = this.#row.cellTimeoutMs;
    if (!live.driver) {
      const status = this.#isInterrupted ? 'interrupted' : 'cancelled';
      const error = this.#isInterrupted ? INTERRUPTED_ERROR : { message: 'The run was stopped before this cell started.', type: null, code: 'cancelled', param: null, http_status: null };
      this.#setCell(live, { status, pass: false, error, retry_at: null, ended_at: new Date().toISOString() }, { status, passed: false, error, endedAt: new Date() });
      return;
    }
    const settled = settleCell(key, live.driver.state, end, this.#definition.checks, timeoutMs);
    // Cut by the server stopping (not a response's own end: a terminal status other than cancelled): interrupted, like the
    // cells a restart finds unfinished.
    const hasEndedItself = isTerminalStatus(settled.status) && settled.status !== 'cancelled';
    if (this.#isInterrupted && end === 'cancelled' && !hasEndedItself) Object.assign(settled, { status: 'interrupted', passed: false, error: INTERRUPTED_ERROR });
    live.driver = null;
    live.isDirty = false;
    const endedAt = new Date();
    const { turn, passed, ...fields } = settled;
    this.#setCell(
      live,
      {
        status: fields.status,
        pass: passed,
        output_text: fields.outputText,
        response_id: fields.responseId,
        model: fields.model,
        error: fields.error,
        checks: fields.checks,
        ttft_ms: fields.ttftMs,
        total_ms: fields.totalMs,
        input_tokens: fields.inputTokens,
        output_tokens: fields.outputTokens,
        total_tokens: fields.totalTokens,
        retry_at: null,
        ended_at: endedAt.toISOString(),
      },
      async () => ({ ...fields, passed, turn: null, turnPacked: await packTurn(turn), endedAt }),
      { turn },
    );
  }

  #markDirty(live: LiveCell): void {
    live.isDirty = true;
    this.#flushTimer ??= setTimeout(() => this.#flushText(), TEXT_FLUSH_MS);
  }

  /** New text of streaming cells, as the part after what pages already have (or the whole text when it changed otherwise). */
  #flushText(): void {
    this.#flushTimer = null;
    for (const live of this.#cells.values()) {
      if (!live.isDirty || !live.driver) continue;
      live.isDirty = false;
      const state: RunState = live.driver.state;
      const text = outputTextOf(state.transcript.items);
      const before = live.cell.output_text;
      const offset = text.startsWith(before) ? before.length : 0;
      const responseId = typeof state.transcript.response?.id === 'string' ? state.transcript.response.id : live.cell.response_id;
      const model = typeof state.transcript.response?.model === 'string' ? state.transcript.response.model : live.cell.model;
      const isNamed = responseId !== live.cell.response_id || model !== live.cell.model;
      const isMoved = text !== before || state.tokenEvents !== live.cell.output_tokens || state.timings.firstTokenMs !== live.cell.ttft_ms;
      live.cell = { ...live.cell, output_text: text, ttft_ms: state.timings.firstTokenMs, output_tokens: state.tokenEvents, response_id: responseId, model };
      if (isNamed) this.#options.hub.publish(this.id, { event: 'cell', data: live.cell });
      else if (isMoved) {
        this.#options.hub.publish(this.id, {
          event: 'text',
          data: { variant_index: live.cell.variant_index, row_index: live.cell.row_index, offset, text: text.slice(offset), output_tokens: state.tokenEvents, ttft_ms: state.timings.firstTokenMs },
        });
      }
    }
  }
}

