// A stopping `next start` waits for its requests' `after` tasks: this one holds it until what a reply left to write is stored.
import 'server-only';
import { after } from 'next/server';
import { hasAuditQueued, whenAuditWritten } from '@/lib/audit/writer';
import { hasPendingWrites, whenAllWritten } from '@/lib/db/batch';
import { hasRecordingsToWrite, whenRecordingsWritten } from '@/lib/recordings/recorder';

/** The longest one request's drain holds a stop: a database that cannot answer must not keep the server up for ever. */
export const DRAIN_MAX_MS = 10_000;

// Recorder work a reply started and did not wait for (a status after its row, an alias once the run id is resolved): on
// globalThis, since every route bundle loads its own copy of this module.
const holder = globalThis as typeof globalThis & { __playgroundBackgroundWork?: Set<Promise<unknown>>; __playgroundStorePass?: Promise<void> };

function backgroundWork(): Set<Promise<unknown>> {
  holder.__playgroundBackgroundWork ??= new Set();
  return holder.__playgroundBackgroundWork;
}

/** Runs `work` off the reply's path, and a stop waits for it (with what it queues). Never rejects: recorders log their own failures. */
export function inBackground(work: Promise<unknown>): void {
  const tracked = work.then(
    () => undefined,
    () => undefined,
  );
  const all = backgroundWork();
  all.add(tracked);
  void tracked.then(() => all.delete(tracked));
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function isBusy(): boolean {
  return backgroundWork().size > 0 || hasPendingWrites() || hasRecordingsToWrite() || hasAuditQueued();
}

/** One pass over everything queued, shared by every request waiting (under load many are). */
async function storePass(): Promise<void> {
  await Promise.all([Promise.allSettled([...backgroundWork()]), whenAllWritten(), whenRecordingsWritten(), whenAuditWritten()]);
  // What a settled write leads to (a status after its row) is queued after its promise's callbacks.
  await nextTurn();
}

function sharedPass(): Promise<void> {
  holder.__playgroundStorePass ??= storePass().finally(() => (holder.__playgroundStorePass = undefined));
  return holder.__playgroundStorePass;
}

/**
 * Settles once nothing queued is left: recorder work, batched rows (gathered up to 20 ms, held up to 250 ms), finished
 * recordings (written once streams are quiet), audit entries (written within 250 ms); or after DRAIN_MAX_MS.
 */
export async function untilStored(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<'cap'>((resolve) => {
    timer = setTimeout(() => resolve('cap'), DRAIN_MAX_MS);
  });
  try {
    // What the reply's last turn queued for later (its audit entry, a created stream's rows) is queued one turn on.
    await nextTurn();
    // Checked again after each pass: what was queued after a pass began is waited for by the next one.
    while (isBusy()) if ((await Promise.race([sharedPass(), cap])) === 'cap') return;
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
