// The recorder never disturbs the stream it records: a failing store, a run too large to keep and calls after the end are all quiet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/open';
import { RECORDING_MAX_BYTES } from '@/lib/schema/recording';

const created = 'event: response.created\ndata: {"type":"response.created","response":{"id":"resp_secret_text","status":"in_progress"}}\n\n';

async function loadRecorder(keep = '500') {
  vi.resetModules();
  process.env.RECORDINGS_KEEP = keep;
  return import('@/lib/recordings/recorder');
}

// Two tests wait on real gzip work, which a loaded machine can stretch well past the default 5 s.
describe('startRecording', { timeout: 60_000 }, () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    delete process.env.RECORDINGS_KEEP;
  });

  it('is off with RECORDINGS_KEEP=0', async () => {
    const { startRecording } = await loadRecorder('0');
    expect(startRecording({ request: { input: 'x' }, onBehalfOf: null, ownerId: null })).toBeNull();
  });

  it('resolves null when the store fails, logging the response id and a code but nothing the run said', async () => {
    const { startRecording } = await loadRecorder();
    const failing = () => Promise.reject(Object.assign(new Error('connection refused: Say the password'), { code: 'ECONNREFUSED' }));
    const recording = startRecording({ request: { model: 'm', input: 'Say the password', stream: true }, onBehalfOf: null, ownerId: null }, { db: failing as () => Promise<Db> })!;
    recording.markHeaders();
    recording.onText(created);
    await expect(recording.finish()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('[recordings] not kept response=resp_secret_text reason=ECONNREFUSED');
    // Called again after the end (a late cancel): nothing happens.
    recording.onText('data: late\n\n');
    await expect(recording.finish('client')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('stops buffering a run larger than a recording file may be, and keeps nothing of it', async () => {
    const { startRecording } = await loadRecorder();
    const db = vi.fn();
    const recording = startRecording({ request: { input: 'big' }, onBehalfOf: null, ownerId: null }, { db: db as unknown as () => Promise<Db> })!;
    const chunk = 'x'.repeat(1024 * 1024);
    for (let sent = 0; sent <= RECORDING_MAX_BYTES; sent += chunk.length) recording.onText(chunk);
    await expect(recording.finish()).resolves.toBeNull();
    expect(db).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[recordings] not kept response=none reason=too_large');
  });

  it('writes every run that ended while another stream stayed open in one batch (one statement) after one wait, retention applied once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { startRecording } = await loadRecorder();
      const { db, inserted, statements, prunes } = fakeDb();
      const open = startRecording({ request: { input: 'still streaming' }, onBehalfOf: null, ownerId: null }, { db })!;
      open.onText(created);
      const ids: Array<string | null> = [];
      for (let run = 0; run < 12; run += 1) {
        const recording = startRecording({ request: { input: `run ${run}` }, onBehalfOf: null, ownerId: null }, { db })!;
        recording.onText(created.replace('resp_secret_text', `resp_${run}`));
        void recording.finish().then((id) => ids.push(id));
      }
      // One quiet wait (it never comes while a stream is open) is enough for the whole backlog, not one wait per run.
      await vi.advanceTimersByTimeAsync(1_000);
      await settled(() => ids.length === 12);
      expect(inserted).toEqual(Array.from({ length: 12 }, (_, run) => `resp_${run}`));
      // In one statement, each run answered with the id it was stored under.
      expect(statements).toEqual([12]);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(ids.every((id) => /^rec_[0-9a-f]{24}$/.test(id ?? ''))).toBe(true);
      expect(prunes).toEqual(['after 12']);
      void open.finish('client');
      await vi.advanceTimersByTimeAsync(1_000);
      await settled(() => inserted.length === 13);
      expect(inserted).toHaveLength(13);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes nothing while a run waits for its gateway\'s first byte; a run that was not streamed after all is discarded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { startRecording } = await loadRecorder();
      const { db, inserted } = fakeDb();
      const done = startRecording({ request: { input: 'done' }, onBehalfOf: null, ownerId: null }, { db })!;
      done.onText(created);
      const written = done.finish();
      // The next run has started but no byte of it has come yet: this is its time to first byte, left alone.
      const waiting = startRecording({ request: { input: 'waiting' }, onBehalfOf: null, ownerId: null }, { db })!;
      await vi.advanceTimersByTimeAsync(500);
      await idle();
      expect(inserted).toEqual([]);
      // It got an error reply instead of a stream: nothing of it is kept, and the finished run is written at once.
      waiting.discard();
      await vi.advanceTimersByTimeAsync(100);
      await settled(() => inserted.length === 1);
      expect(inserted).toEqual(['resp_secret_text']);
      await expect(written).resolves.toMatch(/^rec_/);
      waiting.onText(created);
      await expect(waiting.finish()).resolves.toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      await idle();
      expect(inserted).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * Lets real I/O (the gzip off the main thread) finish while the fake clock stands still: waits until `isDone` holds,
 * for up to 30 s of wall-clock time (Date is not faked), since on a loaded machine the gzip can take thousands of turns.
 */
async function settled(isDone: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!isDone() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

/** Gives the recorder 5,000 turns of real I/O to do what it should not (nothing to wait for when it behaves). */
async function idle(): Promise<void> {
  for (let turn = 0; turn < 5_000; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A database that takes the recorder's inserts (answering like the recordings table) and counts its prunes. */
function fakeDb() {
  type Row = { id: string; responseId: string | null; name: string; sizeBytes: number };
  const inserted: string[] = [];
  const statements: number[] = [];
  const prunes: string[] = [];
  const chain = (result: unknown): unknown =>
    new Proxy(() => undefined, {
      get: (_target, property) => (property === 'then' ? (resolve: (value: unknown) => void) => resolve(result) : () => chain(result)),
    });
  const handle = {
    insert: () => ({
      values: (rows: Row | Row[]) => {
        const batch = Array.isArray(rows) ? rows : [rows];
        statements.push(batch.length);
        for (const row of batch) inserted.push(row.responseId ?? 'none');
        return chain(batch.map((row) => ({ ...row, ownerId: null, shared: false, recordedAt: new Date(0), createdAt: new Date(0) })));
      },
    }),
    select: () => chain([]),
    delete: () => {
      prunes.push(`after ${inserted.length}`);
      return chain([]);
    },
  };
  return { db: () => Promise.resolve(handle as unknown as Db), inserted, statements, prunes };
}

