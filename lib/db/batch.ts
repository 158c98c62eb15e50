// Group commit: writes that arrive while one is running are queued and written together next, so concurrent requests
// share statements (on PGlite each statement costs about a millisecond of the event loop, whatever it does).

interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatcher<T, R> {
  /** Resolves with this item's result once the batch it went in is written (rejects if that write failed). */
  add(item: T): Promise<R>;
}

export interface BatchOptions {
  /** The most items one write gets. */
  maxItems?: number;
  /**
   * An idle batcher keeps gathering, turn after turn of the event loop, while items keep arriving, for at most this long
   * (0: what arrived in the first turn goes). Where a write blocks the event loop (PGlite), nothing arrives while it
   * runs, so without gathering concurrent requests trickle into many small batches.
   */
  gatherMs?: number;
}

/**
 * `write` gets the items in arrival order and returns one result per item. An idle batcher writes on the next turn of
 * the event loop (what arrived in the same turn goes along, and with `gatherMs` what keeps arriving after); a busy one
 * queues, and writes the queue when done.
 */
export function createWriteBatcher<T, R = void>(write: (items: T[]) => Promise<R[]>, options: BatchOptions = {}): WriteBatcher<T, R> {
  const { maxItems = 500, gatherMs = 0 } = options;
  let queue: Queued<T, R>[] = [];
  let isRunning = false;
  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((queued) => queued.item));
        batch.forEach((queued, at) => queued.resolve(results[at] as R));
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    isRunning = false;
  };
  const gather = (startedMs: number, seen: number, quietChecks: number) => {
    // Two checks in a row (a millisecond apart) in which nothing arrived end the gathering: a lone item waits that, not gatherMs.
    const quiet = queue.length > seen ? 0 : quietChecks + 1;
    if (quiet < 2 && queue.length < maxItems && performance.now() - startedMs < gatherMs) setTimeout(() => gather(startedMs, queue.length, quiet), 1);
    else void drain();
  };
  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (isRunning) return;
        isRunning = true;
        setImmediate(() => gather(performance.now(), 0, 0));
      });
    },
  };
}

/** One batcher per key (e.g. per webhook capture, so one capture's writes stay in order and under its lock). */
export function createKeyedWriteBatcher<T, R = void>(write: (key: string, items: T[]) => Promise<R[]>, options: BatchOptions = {}): (key: string) => WriteBatcher<T, R> {
  const batchers = new Map<string, { batcher: WriteBatcher<T, R>; pending: number }>();
  return (key) => {
    const existing = batchers.get(key);
    if (existing) return existing.batcher;
    const inner = createWriteBatcher<T, R>((items) => write(key, items), options);
    const entry = {
      pending: 0,
      batcher: {
        add: (item: T) => {
          entry.pending += 1;
          // An idle key's batcher is dropped, so keys seen once do not accumulate.
          return inner.add(item).finally(() => {
            entry.pending -= 1;
            if (entry.pending === 0 && batchers.get(key) === entry) batchers.delete(key);
          });
        },
      },
    };
    batchers.set(key, entry);
    return entry.batcher;
  };
}
