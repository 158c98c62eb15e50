// A run as the page holds it: the snapshot and every event after it applied in order, changes published at most once per
// animation frame, per cell (a streaming cell re-renders itself only) and for the run as a whole.
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

export class LiveRunStore {
  #view: RunView = { run: null, receivedAt: 0, isEnded: false };
  #cells = new Map<string, GridCell>();
  #pending: GridRunEvent[] = [];
  #frame: number | null = null;
  #listeners = new Set<Listener>();
  #cellListeners = new Map<string, Set<Listener>>();
  readonly #schedule: (flush: () => void) => number;

  constructor(schedule: (flush: () => void) => number = (flush) => requestAnimationFrame(flush)) {
    this.#schedule = schedule;
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
    let isRunChanged = false;
    let summary: GridRunSummary | null = null;
    for (const event of events) {
      switch (event.event) {
        case 'snapshot':
          this.#cells = new Map(event.data.cells.map((cell) => [cellKey(cell.variant_index, cell.row_index), cell]));
          this.#view = { run: event.data, receivedAt: performance.now(), isEnded: false };
          for (const key of this.#cells.keys()) changed.add(key);
          summary = null;
          isRunChanged = true;
          break;
        case 'cell':
          this.#cells.set(cellKey(event.data.variant_index, event.data.row_index), event.data);
          changed.add(cellKey(event.data.variant_index, event.data.row_index));
          isRunChanged = true;
          break;
        case 'text':
          this.#applyText(event.data, changed);
          break;
        case 'run':
          summary = event.data;
          isRunChanged = true;
          break;
        case 'end':
          this.#view = { ...this.#view, isEnded: true };
          isRunChanged = true;
          break;
      }
    }
    if (isRunChanged && this.#view.run) {
      const run = this.#view.run;
      const cells = [...this.#cells.values()];
      const base = summary ? { ...run, ...summary } : run;
      this.#view = { ...this.#view, run: { ...base, cells, totals: summarizeRun(run.definition.variants.map((variant) => variant.label), cells) }, receivedAt: summary ? performance.now() : this.#view.receivedAt };
    }
    for (const key of changed) for (const listener of [...(this.#cellListeners.get(key) ?? [])]) listener();
    if (isRunChanged) for (const listener of [...this.#listeners]) listener();
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
