// A stopping `next start` waits for its requests' `after` tasks: this one holds it until what a reply left to write is stored.
import 'server-only';
import { after } from 'next/server';
import { whenAuditWritten } from '@/lib/audit/writer';
import { whenWrittenSoFar } from '@/lib/db/batch';
import { createSettleLine, type SettleLine } from '@/lib/db/settle-line';

/** The longest one request's drain holds a stop: a database that cannot answer must not keep the server up for ever. */
export const DRAIN_MAX_MS = 10_000;

// Recorder work a reply started and did not wait for (a status after its row, an alias once the run id is resolved): on
// globalThis, since every route bundle loads its own copy of this module.
const holder = globalThis as typeof globalThis & { __playgroundBackgroundWork?: SettleLine };

function backgroundWork(): SettleLine {
  holder.__playgroundBackgroundWork ??= createSettleLine();
  return holder.__playgroundBackgroundWork;
}

/** Runs `work` off the reply's path, and a stop waits for it (with what it queues). Never rejects: recorders log their own failures. */
export function inBackground(work: Promise<unknown>): void {
  backgroundWork().track(work);
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Settles once what was queued when it began is stored: recorder work (each promise settles only once the rows and
 * statuses it leads to are written: a status after its row, a recording once stored), batched rows (gathered up to
 * 20 ms, held up to 250 ms; a grid run's cell changes in their CELL_WRITE_MS window), audit entries (written within
 * 250 ms); or after DRAIN_MAX_MS. Only what was queued by then:
 * under steady load the server is never idle, and a wait for that would keep every request's context for DRAIN_MAX_MS
 * (in the memory bench, about 80 MB more RSS).
 */
export async function untilStored(): Promise<void> {
  // What the reply's last turn queued for later (its audit entry, a created stream's rows) is queued one turn on.
  await nextTurn();
  // One waiter each for what is in flight now, not one per promise in flight (lib/db/settle-line.ts).
  const stored = Promise.all([backgroundWork().whenSettledSoFar(), whenWrittenSoFar(), whenAuditWritten()]);
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DRAIN_MAX_MS);
  });
  try {
    await Promise.race([stored, cap]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Called by a route whose reply leaves writes queued (history, chain index, job status, recording, audit entry, the local
 * gateway's rows): after the reply, `next start` keeps this task, and on SIGTERM or SIGINT exits only once it settled, so
 * a stop loses none of them. Outside a request (a test calling a route function, a grid's server calls) there is no
 * server to stop, and nothing is kept.
 */
export function drainWritesOnStop(): void {
  try {
    after(untilStored);
  } catch {
    // `after` outside a request scope throws: nothing to hold.
  }
}
