// Group commit: writes that arrive while one is running are queued and written together next, so concurrent requests
// share statements (on PGlite each statement costs about a millisecond of the event loop, whatever it does); a failed
// batch is written again item by item, so one bad item fails only its own caller.
import { createSettleLine, type SettleLine } from './settle-line';

interface Queued<T, R> {
  item: T;
  /** In order of arrival, from 1. */
  number: number;
  addedMs: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatcher<T, R> {
  /**
   * Resolves with this item's result once the batch it went in is written (rejects if this item could not be written).
   * A `key` (e.g. a response id) lets `whenWritten(key)` wait for it.
   */
  add(item: T, key?: string | null): Promise<R>;
  /**
   * Settles once the last item added with this key is written or has failed (at once when none is queued): e.g. a status
   * update waits for the row it updates, still being gathered, or it would find none.
   */
  whenWritten(key: string): Promise<void>;
  /**
   * Writes what is queued now without waiting out its window, gathering or hold; settles once every item added so far is
   * written or has failed (never rejects). E.g. the end of a grid run, before the run's own status.
   */
  flush(): Promise<void>;
}

export interface BatchOptions {
  /** The most items one write gets. */
  maxItems?: number;
  /**
   * An idle batcher keeps gathering, turn after turn of the event loop, while items keep arriving, for at most this long
   * (0: what arrived in the first turn goes). Where a write blocks the event loop (PGlite), nothing arrives while it
   * runs, so without gathering concurrent requests trickle into many small batches. A function is asked at the start of
   * each gathering (e.g. whether the database is PGlite, known only once settings are read).
   */
  gatherMs?: number | (() => number);
  /**
   * While this says true, an idle batcher does not start writing (for at most HOLD_MAX_MS from its first item); what
   * arrives meanwhile joins the batch. E.g. on PGlite a write holds the event loop, and a run waiting for its first byte
   * would wait for it too.
   */
  holdWhile?: () => boolean;
  /**
   * A fixed window instead of gathering: each batch waits this long from its first item and takes everything that
   * arrived meanwhile (up to `maxItems`; the rest goes next, at once). An item that arrives while a write runs opens the
   * next batch's window, which goes once both the window and that write are over. For writers that keep changing without
   * a quiet millisecond (a grid's cells every 10 to 20 ms), where gathering would end at once. Not with `gatherMs` or
   * `holdWhile` (`createWriteBatcher` throws): the window is the whole wait.
   */
  windowMs?: number;
}

/** The longest an idle batcher waits for `holdWhile` to turn false: a row is late by at most this, never lost. */
export const HOLD_MAX_MS = 250;

// Every batcher's items not yet written or failed, on globalThis: route bundles and tests that reset modules load their own copies.
const pendingHolder = globalThis as typeof globalThis & { __playgroundPendingWrites?: SettleLine };

function pendingWrites(): SettleLine {
  pendingHolder.__playgroundPendingWrites ??= createSettleLine();
  return pendingHolder.__playgroundPendingWrites;
}

/** Settles once every item the batchers hold now is written or failed (never rejects): a stopping server's drain waits for it (lib/gateway/drain.ts). */
export function whenWrittenSoFar(): Promise<void> {
  return pendingWrites().whenSettledSoFar();
}

/**
 * Settles once no batcher holds an item (each written or failed), waiting also for items added meanwhile (a status added
 * once its row is written): before a database is closed, so that nothing gathered or held is written into a closed one.
 */
export async function whenAllWritten(): Promise<void> {
  const pending = pendingWrites();
  while (pending.inFlight > 0) {
    await pending.whenSettledSoFar();
    // What a settled write leads to (a status after its row) is added after its promise's callbacks: a turn later.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One item's outcome when a batch was written. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Node's codes for a server that cannot be reached, and the SQLSTATE classes of a server that cannot work now. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_SQLSTATE = /^(08|53|57|58)[0-9A-Z]{3}$/;
/** node-postgres's pool and client say these without a code. */
const UNREACHABLE_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated'];

/**
 * Whether a failure says the database cannot be used at all (unreachable, shut down, out of resources), not that some item
 * was bad: writing each item again would only wait out the same failure once per item.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (UNREACHABLE_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return true;
  }
  return false;
}

/**
 * The items written together; if that fails, each written alone, in order, so one bad item (a row the database refuses,
 * a value that cannot be encoded) fails only itself. `write` must be all or nothing (one statement, or one transaction),
 * or the items a failed batch did store would be written twice. A failure saying the database is unavailable
 * (`isDatabaseUnavailable`) fails them all at once.
 */
export async function writeTogetherOrEach<T, R>(items: readonly T[], write: (items: T[]) => Promise<R[]>): Promise<Settled<R>[]> {
  try {
    const results = await write([...items]);
    return items.map((_item, at) => ({ ok: true, value: results[at] as R }));
  } catch (error) {
    if (items.length === 1 || isDatabaseUnavailable(error)) return items.map(() => ({ ok: false, error }));
  }
  const settled: Settled<R>[] = [];
  for (const item of items) {
    try {
      settled.push({ ok: true, value: (await write([item]))[0] as R });
    } catch (error) {
      settled.push({ ok: false, error });
    }
  }
  return settled;
}

/**
 * `write` gets the items in arrival order and returns one result per item; it must be all or nothing, since a failed
 * batch is written again item by item (`writeTogetherOrEach`). An idle batcher writes on the next turn of the event loop
 * (what arrived in the same turn goes along, and with `gatherMs` what keeps arriving after); a busy one queues, and
 * writes the queue when done. With `windowMs`, every batch waits out its window first.
 */
export function createWriteBatcher<T, R = void>(write: (items: T[]) => Promise<R[]>, options: BatchOptions = {}): WriteBatcher<T, R> {
  const { maxItems = 500, gatherMs = 0, holdWhile, windowMs } = options;
  if (windowMs !== undefined && (options.gatherMs !== undefined || holdWhile !== undefined)) throw new Error('createWriteBatcher: windowMs replaces gatherMs and holdWhile, give one or the other');
  let queue: Queued<T, R>[] = [];
  let isRunning = false;
  let added = 0;
  /** Items numbered up to this wait no longer (`flush`). */
  let flushedThrough = 0;
  let endWindow: (() => void) | null = null;
  let lastSettled: Promise<void> = Promise.resolve();
  const waitWindow = (first: Queued<T, R>): Promise<void> | null => {
    const leftMs = first.addedMs + (windowMs ?? 0) - performance.now();
    if (leftMs <= 0 || first.number <= flushedThrough) return null;
    return new Promise((resolve) => {
      const timer = setTimeout(() => endWindow?.(), leftMs);
      endWindow = () => {
        clearTimeout(timer);
        endWindow = null;
        resolve();
      };
    });
  };
  const drain = async () => {
    while (queue.length > 0) {
      const window = windowMs === undefined ? null : waitWindow(queue[0]!);
      if (window) await window;
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(batch.length);
      const settled = await writeTogetherOrEach(batch.map((queued) => queued.item), write);
      batch.forEach((queued, at) => {
        const outcome = settled[at]!;
        if (outcome.ok) queued.resolve(outcome.value);
        else queued.reject(outcome.error);
      });
    }
    isRunning = false;
  };
  const gather = (startedMs: number, limitMs: number, seen: number, quietChecks: number) => {
    // Two checks in a row (a millisecond apart) in which nothing arrived end the gathering: a lone item waits that, not gatherMs.
    const quiet = queue.length > seen ? 0 : quietChecks + 1;
    const waitedMs = performance.now() - startedMs;
    const isGathering = quiet < 2 && waitedMs < limitMs;
    const isHeld = waitedMs < HOLD_MAX_MS && holdWhile?.() === true;
    const isFlushed = flushedThrough >= queue[0]!.number;
    if ((isGathering || isHeld) && !isFlushed && queue.length < maxItems) setTimeout(() => gather(startedMs, limitMs, queue.length, quiet), 1);
    else void drain();
  };
  // Items are written in arrival order, so the last one added with a key is the one to wait for.
  const unwritten = new Map<string, Promise<void>>();
  return {
    add(item, key) {
      const written = new Promise<R>((resolve, reject) => {
        added += 1;
        queue.push({ item, number: added, addedMs: performance.now(), resolve, reject });
        if (isRunning) return;
        isRunning = true;
        if (windowMs !== undefined) setImmediate(() => void drain());
        else setImmediate(() => gather(performance.now(), typeof gatherMs === 'function' ? gatherMs() : gatherMs, 0, 0));
      });
      const settled = written.then(
        () => undefined,
        () => undefined,
      );
      pendingWrites().track(settled);
      lastSettled = settled;
      if (key !== undefined && key !== null) unwritten.set(key, settled);
      void settled.then(() => {
        if (key !== undefined && key !== null && unwritten.get(key) === settled) unwritten.delete(key);
      });
      return written;
    },
    whenWritten(key) {
      return unwritten.get(key) ?? Promise.resolve();
    },
    flush() {
      flushedThrough = added;
      endWindow?.();
      return lastSettled;
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
        whenWritten: (itemKey: string) => inner.whenWritten(itemKey),
        flush: () => inner.flush(),
        add: (item: T, itemKey?: string | null) => {
          entry.pending += 1;
          // An idle key's batcher is dropped, so keys seen once do not accumulate.
          return inner.add(item, itemKey).finally(() => {
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
