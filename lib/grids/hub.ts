// Live progress of the runs this process is running: subscribers per run, each given every event in order.
import type { GridRunEvent } from './wire';

export type RunListener = (event: GridRunEvent) => void;

export class RunHub {
  readonly #listeners = new Map<string, Set<RunListener>>();

  subscribe(runId: string, listener: RunListener): () => void {
    const listeners = this.#listeners.get(runId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(runId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(runId);
    };
  }

  publish(runId: string, event: GridRunEvent): void {
    for (const listener of [...(this.#listeners.get(runId) ?? [])]) {
      try {
        listener(event);
      } catch {
        // One broken page must not stop the run or the other pages.
      }
    }
  }

  listenerCount(runId: string): number {
    return this.#listeners.get(runId)?.size ?? 0;
  }
}
