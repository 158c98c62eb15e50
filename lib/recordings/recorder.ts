// Records one streamed run while it streams: text and arrival times buffered in memory, the recording written after it ends (batched with the others that ended meanwhile).
import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { writeTogetherOrEach } from '@/lib/db/batch';
import { getEnv } from '@/lib/env';
import { RECORDING_MAX_BYTES, type RecordingFile } from '@/lib/schema/recording';
import { buildRecordingFile } from './build';
import { splitSseEvents } from './split-events';
import { insertRecordings, pruneRecordings } from './store';

export interface RecordingMeta {
  /** The create body as sent (credentials are redacted when the recording is built). */
  request: Record<string, unknown>;
  onBehalfOf: string | null;
  /** The signed-in user who ran it (their recording), or null without personal sign-in (everyone's). */
  ownerId: string | null;
  /** Who ran it: the proxy (default), or a compare grid's cell. */
  source?: RecordingFile['source'];
}

/** One run being recorded. Every method is cheap and never throws: the live stream must not notice. */
export interface LiveRecording {
  /** The gateway's reply headers arrived (the replay's time to first byte). */
  markHeaders(offsetMs?: number): void;
  /** SSE text as it arrived: a whole event or any slice of the stream. `offsetMs` (after start) defaults to now. */
  onText(raw: string, offsetMs?: number): void;
  /**
   * The stream ended (`client`: the browser left or stopped first). The recording is built and stored after this returns;
   * the promise gives its id, or null when it was not kept (too large, or the store failed: logged by code).
   */
  finish(endedBy?: RecordingFile['ended_by']): Promise<string | null>;
  /** The run was not streamed after all (an error, a JSON reply, a gateway not reached): nothing is recorded. */
  discard(): void;
}

/** While this much text already waits to be written, a new recording is dropped rather than held in memory. */
const MAX_PENDING_CHARS = 4 * RECORDING_MAX_BYTES;
/** While this much waits, the next batch is written at once, streams open or not (memory stays bounded under steady load). */
const WRITE_NOW_CHARS = RECORDING_MAX_BYTES;
let pendingChars = 0;

/**
 * Runs being recorded now, and when the last one closed: a batch waits until none has been open for QUIET_SETTLE_MS
 * (its last bytes are out) or QUIET_WAIT_MAX_MS passed, so recordings are written between streams, not during them. A run
 * is open from its start, so the writer also leaves alone a run still waiting for the gateway's first byte (its time to
 * first byte: with runs one after another, the last run's recording was built just as the next one's first byte came).
 */
let openStreams = 0;
let lastClosedAt = 0;
const QUIET_SETTLE_MS = 25;
const QUIET_POLL_MS = 50;
const QUIET_WAIT_MAX_MS = 1_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function whenQuiet(): Promise<void> {
  const deadline = performance.now() + QUIET_WAIT_MAX_MS;
  for (;;) {
    const now = performance.now();
    const settleLeftMs = lastClosedAt + QUIET_SETTLE_MS - now;
    if ((openStreams === 0 && settleLeftMs <= 0) || now >= deadline || pendingChars >= WRITE_NOW_CHARS) return;
    await delay(Math.min(deadline - now, openStreams === 0 ? settleLeftMs : QUIET_POLL_MS));
  }
}

function streamClosed(): void {
  openStreams -= 1;
  lastClosedAt = performance.now();
}

function warn(reason: string, responseId: string | null): void {
  console.warn(`[recordings] not kept response=${responseId ?? 'none'} reason=${reason}`);
}

const codeOf = (error: unknown) => (error instanceof Error ? (((error as { code?: unknown }).code as string | undefined) ?? error.name) : 'unknown');

interface PendingWrite {
  build: () => RecordingFile;
  ownerId: string | null;
  chars: number;
  db: () => Promise<Db>;
  resolve: (id: string | null) => void;
}

/** Finished runs waiting for the writer, and the writer's run while it has any (one at a time). */
const pending: PendingWrite[] = [];
let writer: Promise<void> | null = null;

/** The writer works on the main thread in slices of this much, live streams getting a turn between two (a turn per run is too slow under load). */
const SLICE_MS = 15;
/** Runs per insert statement. */
const BATCH_MAX = 50;
let sliceStartedAt = 0;

async function yieldAfterSlice(): Promise<void> {
  if (performance.now() - sliceStartedAt < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  sliceStartedAt = performance.now();
}

/**
 * Writes one batch: every recording that finished while the writer waited, built, then inserted in one statement (one by
 * one if that fails, through `writeTogetherOrEach`, so one bad run costs only itself), then retention applied once per
 * source and owner. A recording that cannot be built or stored is logged and resolves null; the rest are kept.
 */
async function writeBatch(batch: PendingWrite[]): Promise<void> {
  const built: Array<{ job: PendingWrite; file: RecordingFile }> = [];
  for (const job of batch) {
    try {
      built.push({ job, file: job.build() });
    } catch (error) {
      warn(codeOf(error), null);
      job.resolve(null);
    }
    await yieldAfterSlice();
  }
  const written: Array<{ job: PendingWrite; id: string; source: RecordingFile['source'] }> = [];
  const options = (job: PendingWrite) => ({ pinned: false, origin: 'recorded' as const, ownerId: job.ownerId });
  const byDb = new Map<PendingWrite['db'], typeof built>();
  for (const entry of built) byDb.set(entry.job.db, [...(byDb.get(entry.job.db) ?? []), entry]);
  for (const [db, group] of byDb) {
    const settled = await writeTogetherOrEach(group, async (entries) => insertRecordings(await db(), entries.map(({ job, file }) => ({ file, options: options(job) }))));
    group.forEach(({ job, file }, index) => {
      const outcome = settled[index]!;
      if (outcome.ok) written.push({ job, id: outcome.value, source: file.source });
      else {
        warn(codeOf(outcome.error), file.response_id);
        job.resolve(null);
      }
    });
  }
  for (const job of batch) pendingChars -= job.chars;
  const pruned = new Set<string>();
  for (const { job, source } of written) {
    const key = JSON.stringify([source, job.ownerId]);
    if (pruned.has(key)) continue;
    pruned.add(key);
    // A failed prune leaves a recording too many until the next write; what was written is kept.
    await pruneRecordings(await job.db(), getEnv().RECORDINGS_KEEP, source, job.ownerId).catch((error: unknown) => warn(`prune_${codeOf(error)}`, null));
  }
  for (const { job, id } of written) job.resolve(id);
}

async function writePending(): Promise<void> {
  try {
    while (pending.length > 0) {
      // Off the streams' path: after the last recorded stream's bytes went out, or once a second under steady load.
      await whenQuiet();
      sliceStartedAt = performance.now();
      while (pending.length > 0) await writeBatch(pending.splice(0, BATCH_MAX));
    }
  } finally {
    writer = null;
  }
}

/** Queues a finished run for the writer (retention applied when written); never rejects. */
function store(build: () => RecordingFile, ownerId: string | null, chars: number, db: () => Promise<Db>): Promise<string | null> {
  if (pendingChars + chars > MAX_PENDING_CHARS) {
    warn('write_queue_full', null);
    return Promise.resolve(null);
  }
  pendingChars += chars;
  return new Promise((resolve) => {
    pending.push({ build, ownerId, chars, db, resolve });
    writer ??= writePending();
  });
}

/** Resolves once every recording finished so far is stored (or dropped): a clean stop, or a benchmark between its paths, waits for it. */
export async function whenRecordingsWritten(): Promise<void> {
  while (writer) await writer;
}

/**
 * Starts recording a run (null when RECORDINGS_KEEP is 0: nothing is recorded). Offsets count from this call. A run larger
 * than a recording file may be (RECORDING_MAX_BYTES) stops being buffered and is not kept.
 */
export function startRecording(meta: RecordingMeta, options: { db?: () => Promise<Db> } = {}): LiveRecording | null {
  if (getEnv().RECORDINGS_KEEP === 0) return null;
  const startedAt = performance.now();
  const recordedAt = new Date();
  openStreams += 1;
  let isOpen = true;
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    streamClosed();
  };
  let texts: string[] = [];
  let times: number[] = [];
  let chars = 0;
  let isTooLarge = false;
  let headersMs: number | null = null;
  let isFinished = false;
  const sinceStart = () => performance.now() - startedAt;
  return {
    markHeaders(offsetMs) {
      headersMs ??= offsetMs ?? sinceStart();
    },
    onText(raw, offsetMs) {
      if (isTooLarge || isFinished || raw === '') return;
      chars += raw.length;
      if (chars > RECORDING_MAX_BYTES) {
        isTooLarge = true;
        texts = [];
        times = [];
        return;
      }
      texts.push(raw);
      times.push(offsetMs ?? sinceStart());
    },
    finish(endedBy = 'stream_end') {
      if (isFinished) return Promise.resolve(null);
      isFinished = true;
      close();
      const durationMs = sinceStart();
      if (isTooLarge) {
        warn('too_large', null);
        return Promise.resolve(null);
      }
      const build = () =>
        buildRecordingFile({
          request: meta.request,
          onBehalfOf: meta.onBehalfOf,
          source: meta.source ?? 'proxy',
          recordedAt,
          headersMs: Math.round(headersMs ?? 0),
          durationMs: Math.round(durationMs),
          endedBy,
          events: splitSseEvents(texts, times.map(Math.round)),
        });
      return store(build, meta.ownerId, chars, options.db ?? getDb);
    },
    discard() {
      if (isFinished) return;
      isFinished = true;
      close();
      texts = [];
      times = [];
    },
  };
}
