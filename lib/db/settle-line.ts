// Work in the order it was started, and waits for "everything started so far": one waiter per wait, whatever is in flight.

export interface SettleLine {
  /** Adds work to the line (its rejection is the caller's to handle: the line only sees that it settled). */
  track(work: Promise<unknown>): void;
  /** Settles once everything tracked before this call has settled (at once when nothing is in flight); never rejects. */
  whenSettledSoFar(): Promise<void>;
  /** How much tracked work has not settled yet. */
  readonly inFlight: number;
}

/**
 * A stopping server waits for what each reply left queued. Waiting with `Promise.allSettled` over a copy of the in-flight
 * set costs every reply one reaction per promise in flight (under load, hundreds), each kept until that promise settles:
 * in the memory bench with recordings off, that was the largest share of what lived long enough to reach V8's old space. Here each work gets
 * a number in start order; a Set keeps insertion order, so its first entry is the oldest unsettled one, and a waiter for
 * "everything up to n" is told once that oldest one is past n. Waiters are queued in the order of their n.
 */
export function createSettleLine(): SettleLine {
  let started = 0;
  const unsettled = new Set<number>();
  const waiters: Array<{ upTo: number; resolve: () => void }> = [];

  const oldestUnsettled = (): number => {
    for (const number of unsettled) return number;
    return Number.POSITIVE_INFINITY;
  };

  const release = () => {
    const oldest = oldestUnsettled();
    let released = 0;
    while (released < waiters.length && waiters[released]!.upTo < oldest) {
      waiters[released]!.resolve();
      released += 1;
    }
    if (released > 0) waiters.splice(0, released);
  };

  return {
    track(work) {
      started += 1;
      const number = started;
      unsettled.add(number);
      const settle = () => {
        unsettled.delete(number);
        release();
      };
      work.then(settle, settle);
    },
    whenSettledSoFar() {
      if (unsettled.size === 0) return Promise.resolve();
      const upTo = started;
      return new Promise((resolve) => waiters.push({ upTo, resolve }));
    },
    get inFlight() {
      return unsettled.size;
    },
  };
}
