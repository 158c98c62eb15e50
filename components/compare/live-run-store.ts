// A run as the page holds it: the snapshot and every event after it applied in order. Cells publish at most once per animation
// frame (a streaming cell re-renders itself only); the run as a whole (progress, totals, the page around the matrix) at most
// every RUN_PUBLISH_MS, except a snapshot, a status change and the end, which show at once.
import { summarizeRun } from '@/lib/grids/summary';
import type { GridCell, GridRun, GridRunEvent, GridRunSummary } from '@/lib/grids/wire';

export const cellKey = (variantIndex: number, rowIndex: number) => `${variantIndex}:${rowIndex}`;

export interface RunView {
  run: GridRun | null;
  /** performance.now() when the last run-level figure (elapsed_ms) arrived: the page counts on from there. */
  receivedAt: number;
  /** The stream said `end`: nothing more will come. */
  isEnded: boolean;
}

type Listener = () => void;

/** The run-level view (progress bar, totals, best values) is refreshed this often at most while cells settle: ~4 a second. */
export const RUN_PUBLISH_MS = 250;

export interface StoreClock {
  now(): number;
  later(work: () => void, ms: number): void;
}

const BROWSER_CLOCK: StoreClock = { now: () => performance.now(), later: (work, ms) => void setTimeout(work, ms) };

export class LiveRunStore {
  #view: RunView = { run: null, receivedAt: 0, isEnded: false };
  #cells = new Map<string, GridCell>();
  #pending: GridRunEvent[] = [];
  #frame: number | null = null;
  #listeners = new Set<Listener>();
  #cellListeners = new Map<string, Set<Listener>>();
  /** Run-level changes applied to the cells but not yet to the view (published on the next RUN_PUBLISH_MS tick). */
  #isRunDirty = false;
  #pendingSummary: GridRunSummary | null = null;
  #summaryAt = 0;
  #lastRunPublish = -Infinity;
  #isPublishScheduled = false;
  readonly #schedule: (flush: () => void) => number;
  readonly #clock: StoreClock;

  constructor(schedule: (flush: () => void) => number = (flush) => requestAnimationFrame(flush), clock: StoreClock = BROWSER_CLOCK) {
    this.#schedule = schedule;
    this.#clock = clock;
  }

  getView = (): RunView => this.#view;

  getCell = (key: string): GridCell | undefined => this.#cells.get(key);

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  subscribeCell = (key: string, listener: Listener): (() => void) => {
    const listeners = this.#cellListeners.get(key) ?? new Set();
    listeners.add(listener);
    this.#cellListeners.set(key, listeners);
    return () => listeners.delete(listener);
  };

  /** Queues an event; they are applied together on the next frame. */
  push(event: GridRunEvent): void {
    this.#pending.push(event);
    this.#frame ??= this.#schedule(() => this.flush());
  }

  /** Applies what is queued now (the next frame does this by itself). */
  flush(): void {
    this.#frame = null;
    const events = this.#pending.splice(0);
    if (events.length === 0) return;
    const changed = new Set<string>();
    let isUrgent = false;
    for (const event of events) {
      switch (event.event) {
        case 'snapshot':
          this.#cells = new Map(event.data.cells.map((cell) => [cellKey(cell.variant_index, cell.row_index), cell]));
          this.#view = { run: event.data, receivedAt: this.#clock.now(), isEnded: false };
          for (const key of this.#cells.keys()) changed.add(key);
          this.#pendingSummary = null;
          this.#isRunDirty = true;
          isUrgent = true;
          break;
        case 'cell':
          this.#cells.set(cellKey(event.data.variant_index, event.data.row_index), event.data);
          changed.add(cellKey(event.data.variant_index, event.data.row_index));
          this.#isRunDirty = true;
          break;
        case 'text':
          this.#applyText(event.data, changed);
          break;
        case 'run':
          // A new status (running, completed, cancelled...) shows at once; a new elapsed time can wait for the tick.
          if (event.data.status !== (this.#pendingSummary ?? this.#view.run)?.status) isUrgent = true;
          this.#pendingSummary = event.data;
          this.#summaryAt = this.#clock.now();
          this.#isRunDirty = true;
          break;
        case 'end':
          this.#view = { ...this.#view, isEnded: true };
          this.#isRunDirty = true;
          isUrgent = true;
          break;
      }
    }
    for (const key of changed) for (const listener of [...(this.#cellListeners.get(key) ?? [])]) listener();
    if (!this.#isRunDirty) return;
    const waitMs = this.#lastRunPublish + RUN_PUBLISH_MS - this.#clock.now();
    if (isUrgent || waitMs <= 0) this.#publishRun();
    else if (!this.#isPublishScheduled) {
      this.#isPublishScheduled = true;
      this.#clock.later(() => this.#publishRun(), waitMs);
    }
  }

  /** The run-level view from the cells as they are now (their totals recomputed), then its listeners. */
  #publishRun(): void {
    this.#isPublishScheduled = false;
    if (!this.#isRunDirty) return;
    this.#isRunDirty = false;
    this.#lastRunPublish = this.#clock.now();
    const run = this.#view.run;
    if (run) {
      const cells = [...this.#cells.values()];
      const summary = this.#pendingSummary;
      this.#pendingSummary = null;
      const base = summary ? { ...run, ...summary } : run;
      this.#view = { ...this.#view, run: { ...base, cells, totals: summarizeRun(run.definition.variants.map((variant) => variant.label), cells) }, receivedAt: summary ? this.#summaryAt : this.#view.receivedAt };
    }
    for (const listener of [...this.#listeners]) listener();
  }

  /** Streamed text: appended at its offset (an offset inside the known text replaces from there; a gap waits for the cell). */
  #applyText(data: Extract<GridRunEvent, { event: 'text' }>['data'], changed: Set<string>): void {
    const key = cellKey(data.variant_index, data.row_index);
    const cell = this.#cells.get(key);
    if (!cell || data.offset > cell.output_text.length) return;
    this.#cells.set(key, { ...cell, output_text: cell.output_text.slice(0, data.offset) + data.text, output_tokens: data.output_tokens, ttft_ms: data.ttft_ms });
    changed.add(key);
  }
}
