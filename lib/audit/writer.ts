// Audit entries leave the request path at once: queued in memory and written in batches, so a proxied call never waits on the log.
import 'server-only';
import { getDb, holdsWrites } from '@/lib/db';
import { HOLD_MAX_MS } from '@/lib/db/batch';
import type { AuditEntry } from './entry';
import { insertAuditEntries } from './store';

const FLUSH_AFTER_MS = 250;
const BATCH_SIZE = 200;
/** Past this many waiting entries (the database is down) the oldest are dropped, and that is logged. */
const MAX_QUEUED = 20_000;

interface AuditQueue {
  entries: AuditEntry[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
  /** Told once the queue is written out (`whenAuditWritten`). */
  waiters?: Array<() => void>;
}

const holder = globalThis as typeof globalThis & { __playgroundAuditQueue?: AuditQueue };

function queue(): AuditQueue {
  holder.__playgroundAuditQueue ??= { entries: [], timer: null, flushing: null, dropped: 0 };
  return holder.__playgroundAuditQueue;
}

async function writeQueued(state: AuditQueue): Promise<void> {
  while (state.entries.length > 0) {
    const batch = state.entries.slice(0, BATCH_SIZE);
    try {
      await insertAuditEntries(await getDb(), batch);
      state.entries.splice(0, batch.length);
    } catch (error) {
      console.error(`[audit] ${batch.length} entries could not be written yet (${(error as Error).name}); retrying`);
      schedule(state, 5_000);
      return;
    }
  }
  if (state.dropped > 0) {
    console.error(`[audit] ${state.dropped} entries were dropped while the database could not be written`);
    state.dropped = 0;
  }
  const waiters = state.waiters ?? [];
  state.waiters = [];
  for (const waiter of waiters) waiter();
}

function schedule(state: AuditQueue, delayMs: number): void {
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    flushUnlessHeld(state, performance.now());
  }, delayMs);
  state.timer.unref();
}

/** How often a held flush looks again whether the hold is over. */
const HOLD_CHECK_MS = 2;

/**
 * Flushes, unless the proxy's per-run writers are held (on PGlite, while a proxied stream waits for its first byte: the
 * insert would hold the event loop, and that byte, too; see lib/db/write-hold.ts): then it looks again until the hold
 * ends, for at most HOLD_MAX_MS from `heldSince`. An entry is late by that at most, never lost.
 */
function flushUnlessHeld(state: AuditQueue, heldSince: number): void {
  if (performance.now() - heldSince < HOLD_MAX_MS && holdsWrites()) {
    state.timer = setTimeout(() => {
      state.timer = null;
      flushUnlessHeld(state, heldSince);
    }, HOLD_CHECK_MS);
    state.timer.unref();
    return;
  }
  void flushAudit();
}

/** Queues an entry; it is written within a fraction of a second. */
export function recordAudit(entry: AuditEntry): void {
  const state = queue();
  state.entries.push(entry);
  if (state.entries.length > MAX_QUEUED) {
    state.entries.shift();
    state.dropped += 1;
  }
  if (state.entries.length >= BATCH_SIZE) void flushAudit();
  else schedule(state, FLUSH_AFTER_MS);
}

/** Writes everything queued now (also on a clean stop); resolves when done or failed. */
export function flushAudit(): Promise<void> {
  const state = queue();
  state.flushing ??= writeQueued(state).finally(() => {
    state.flushing = null;
  });
  return state.flushing;
}

/** Whether entries wait to be written (or are being written). */
function hasAuditQueued(): boolean {
  const state = queue();
  return state.entries.length > 0 || state.flushing !== null;
}

/**
 * Settles once every entry queued so far is written, on the writer's own schedule (nothing is written sooner for it): a
 * stopping server waits for it. While the database cannot be written it waits on; the caller bounds the wait.
 */
export function whenAuditWritten(): Promise<void> {
  const state = queue();
  if (!hasAuditQueued()) return Promise.resolve();
  return new Promise((resolve) => (state.waiters ??= []).push(resolve));
}
