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

describe('startRecording', () => {
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
});
