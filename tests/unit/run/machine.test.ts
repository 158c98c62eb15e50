import { describe, expect, it } from 'vitest';
import { canResume, canRetry, createRunState, DEFAULT_RETRY_AFTER_MS, isActive, transition, type RunInput, type RunState } from '@/lib/run/machine';
import { localError } from '@/lib/run/words';
import type { RunError } from '@/lib/transcript/run-types';
import { SCENARIOS } from '../../fixtures/streams/scenarios';
import { cutIntoRuns, noisyStream } from '../transcript/noisy-stream';
import { BACKGROUND, CREATE, FINAL, MESSAGE, PROXY_DROP, record } from './helpers';

const T0 = 1_000;

function run(inputs: RunInput[], state: RunState = createRunState(CREATE)): RunState {
  return inputs.reduce(transition, state);
}

const sent = () => run([{ type: 'send', at: T0 }]);
const streaming = (events: readonly Record<string, unknown>[]) =>
  run([{ type: 'opened', at: T0 + 10, isStream: true }, ...events.map((event, at) => ({ type: 'record', at: T0 + 20 + at, record: record(event) }) as RunInput)], sent());

const http429: RunError = { message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null, httpStatus: 429, retryAfterSeconds: 2 };
const http400: RunError = { ...http429, message: 'bad', httpStatus: 400, retryAfterSeconds: null };

describe('run machine: sending', () => {
  it('idle → sending on send, clock started, first attempt', () => {
    const state = sent();
    expect(state).toMatchObject({ status: 'sending', attempt: 1, timings: { startedAt: T0, headersMs: null } });
    expect(isActive(state)).toBe(true);
  });

  it('ignores a second send, and inputs that do not apply in a phase', () => {
    const state = sent();
    expect(transition(state, { type: 'send', at: T0 + 5 })).toBe(state);
    expect(transition(state, { type: 'record', at: T0 + 5, record: record(MESSAGE[0]!) })).toBe(state);
    expect(transition(state, { type: 'resume', at: T0 + 5 })).toBe(state);
    expect(transition(createRunState(CREATE), { type: 'stop', at: T0 })).toMatchObject({ status: 'idle' });
  });

  it('sending → waiting_first_token when the stream opens (time to first byte recorded)', () => {
    expect(run([{ type: 'opened', at: T0 + 40, isStream: true }], sent())).toMatchObject({ status: 'waiting_first_token', timings: { headersMs: 40 } });
  });

  it('sending → polling for a JSON reply, then settles on a terminal snapshot', () => {
    const queued = { id: 'resp_bg', status: 'queued', background: true, output: [] };
    const polling = run([{ type: 'opened', at: T0 + 5, isStream: false }, { type: 'snapshot', at: T0 + 6, response: queued }], sent());
    expect(polling.status).toBe('polling');
    const final = FINAL;
    const done = transition(polling, { type: 'snapshot', at: T0 + 900, response: final });
    expect(done.status).toBe('completed');
    expect(done.transcript.items.map((item) => item?.type)).toEqual(['message']);
    expect(done.timings.endMs).toBe(900);
  });

  it('sending → error on an HTTP error other than 429, keeping the envelope', () => {
    expect(run([{ type: 'http_error', at: T0 + 3, error: http400 }], sent())).toMatchObject({ status: 'error', error: http400, timings: { endMs: 3 } });
  });

  it('sending → error in words when the request never reached the server', () => {
    const state = run([{ type: 'connection_lost', at: T0 + 3 }], sent());
    expect(state.status).toBe('error');
    expect(state.error?.message).toContain('did not reach the playground server');
    expect(state.error?.message).not.toMatch(/TypeError|network error/);
  });
});

describe('run machine: rate limits', () => {
  it('sending → rate_limited on a 429, retrying when Retry-After ends', () => {
    const state = run([{ type: 'http_error', at: T0 + 3, error: http429 }], sent());
    expect(state).toMatchObject({ status: 'rate_limited', retryAt: T0 + 3 + 2_000, error: http429 });
    expect(isActive(state)).toBe(true);
  });

  it('uses a default wait when the 429 has no Retry-After', () => {
    const state = run([{ type: 'http_error', at: T0, error: { ...http429, retryAfterSeconds: null } }], sent());
    expect(state.retryAt).toBe(T0 + DEFAULT_RETRY_AFTER_MS);
  });

  it('rate_limited → sending on the automatic retry; a second 429 is an error (one automatic retry only)', () => {
    const limited = run([{ type: 'http_error', at: T0, error: http429 }], sent());
    const retried = transition(limited, { type: 'retry', at: T0 + 2_000, isAutomatic: true });
    expect(retried).toMatchObject({ status: 'sending', attempt: 2, hasAutoRetried: true, retryAt: null, error: null, timings: { startedAt: T0 + 2_000 } });
    expect(transition(retried, { type: 'http_error', at: T0 + 2_010, error: http429 })).toMatchObject({ status: 'error', retryAt: null });
  });

  it('a manual retry earns a new automatic retry', () => {
    const failed = run([{ type: 'http_error', at: T0, error: http429 }, { type: 'retry', at: T0 + 1, isAutomatic: true }, { type: 'http_error', at: T0 + 2, error: http429 }], sent());
    const manual = transition(failed, { type: 'retry', at: T0 + 10 });
    expect(manual).toMatchObject({ status: 'sending', attempt: 3, hasAutoRetried: false });
    expect(transition(manual, { type: 'http_error', at: T0 + 11, error: http429 }).status).toBe('rate_limited');
  });

  it('stop during the countdown → stopped, no retry pending', () => {
    const state = run([{ type: 'http_error', at: T0, error: http429 }, { type: 'stop', at: T0 + 500 }], sent());
    expect(state).toMatchObject({ status: 'stopped', retryAt: null });
  });
});

describe('run machine: streaming', () => {
  it('waiting_first_token → streaming on the first token; time to first token and token count recorded', () => {
    const state = streaming(MESSAGE.slice(0, 5));
    expect(state.status).toBe('streaming');
    expect(state.tokenEvents).toBe(1);
    expect(state.timings.firstTokenMs).toBe(20 + 4);
    expect(streaming(MESSAGE.slice(0, 4)).status).toBe('waiting_first_token');
  });

  it('logs every record, applies numbered events once, and keeps unparsable lines in the log', () => {
    const bad = { kind: 'parse-error', sseEvent: 'weird', data: '{nope', message: 'bad JSON' } as const;
    const state = transition(streaming(MESSAGE.slice(0, 6)), { type: 'record', at: T0 + 90, record: bad });
    const again = transition(state, { type: 'record', at: T0 + 91, record: record(MESSAGE[5]!) });
    expect(again).toBe(state);
    expect(state.events.map((event) => event.sequenceNumber)).toEqual([0, 1, 2, 3, 4, 5, null]);
    expect(state.events.at(-1)).toMatchObject({ type: 'weird', parseError: 'bad JSON', atMs: 90 });
  });

  it('streaming → completed when the stream closes after response.completed', () => {
    const state = transition(streaming(MESSAGE), { type: 'stream_closed', at: T0 + 100 });
    expect(state).toMatchObject({ status: 'completed', error: null, timings: { endMs: 100 } });
    expect(canRetry(state)).toBe(false);
  });

  it('streaming → failed when the gateway reported an error event', () => {
    const events = [...MESSAGE.slice(0, 5), { type: 'error', code: 'server_error', message: 'The agent crashed.', sequence_number: 5 }];
    const state = transition(streaming(events), { type: 'stream_closed', at: T0 + 100 });
    expect(state.status).toBe('failed');
    expect(state.transcript.error?.message).toBe('The agent crashed.');
    expect(canRetry(state)).toBe(true);
  });

  it('streaming → dropped when the stream closes with the response still in progress (words, partial output kept)', () => {
    const state = transition(streaming(MESSAGE.slice(0, 8)), { type: 'stream_closed', at: T0 + 100 });
    expect(state.status).toBe('dropped');
    expect(state.error).toEqual(localError('The stream closed before the response finished.', 'stream_incomplete'));
    expect(state.transcript.items).toHaveLength(1);
    expect(canRetry(state)).toBe(true);
    expect(canResume(state)).toBe(false);
  });

  it('streaming → dropped on the proxy\'s in-band drop event: logged, not applied, said in words without the socket code', () => {
    const state = streaming([...MESSAGE.slice(0, 8), PROXY_DROP]);
    expect(state.status).toBe('dropped');
    expect(state.error?.message).toBe('The connection to the gateway dropped before the response finished.');
    expect(state.error?.message).not.toContain('UND_ERR_SOCKET');
    expect(state.error?.code).toBe('upstream_stream_failed');
    expect(state.transcript.error).toBeNull();
    expect(state.events.at(-1)).toMatchObject({ type: 'error', sequenceNumber: null });
    expect(transition(state, { type: 'stream_closed', at: T0 + 200 })).toBe(state);
  });

  it('streaming → dropped in words when the connection breaks while reading', () => {
    const state = transition(streaming(MESSAGE.slice(0, 8)), { type: 'connection_lost', at: T0 + 50 });
    expect(state).toMatchObject({ status: 'dropped', error: { code: 'connection_lost' } });
    expect(state.error?.message).toBe('The connection to the playground server dropped before the response finished.');
  });

  it('streaming → stopped keeps everything that arrived; later records are ignored', () => {
    const state = transition(streaming(MESSAGE.slice(0, 8)), { type: 'stop', at: T0 + 60 });
    expect(state).toMatchObject({ status: 'stopped', timings: { endMs: 60 } });
    expect(state.events).toHaveLength(8);
    expect(transition(state, { type: 'record', at: T0 + 61, record: record(MESSAGE[8]!) })).toBe(state);
  });

  it('→ cancelled when the gateway confirms a cancel; a completed turn cannot be cancelled', () => {
    expect(transition(streaming(MESSAGE.slice(0, 8)), { type: 'cancelled', at: T0 + 70 }).status).toBe('cancelled');
    const done = transition(streaming(MESSAGE), { type: 'stream_closed', at: T0 + 100 });
    expect(transition(done, { type: 'cancelled', at: T0 + 101 })).toBe(done);
  });
});

describe('run machine: resuming a background stream', () => {
  const cut = 8;
  const dropped = () => streaming([...BACKGROUND.slice(0, cut), PROXY_DROP]);

  it('dropped → resuming → streaming → completed: nothing lost, nothing duplicated', () => {
    const state = dropped();
    expect(canResume(state)).toBe(true);
    const resuming = transition(state, { type: 'resume', at: T0 + 300 });
    expect(resuming).toMatchObject({ status: 'resuming', error: null, resumeCount: 1, timings: { endMs: null } });
    // The gateway re-sends from the cursor; an overlap of two events is skipped.
    const replayed = BACKGROUND.slice(cut - 2).map((event, at) => ({ type: 'record', at: T0 + 310 + at, record: record(event) }) as RunInput);
    const done = run([{ type: 'opened', at: T0 + 305, isStream: true }, ...replayed, { type: 'stream_closed', at: T0 + 400 }], resuming);
    expect(done.status).toBe('completed');
    const numbered = done.events.filter((event) => event.sequenceNumber !== null).map((event) => event.sequenceNumber);
    expect(numbered).toEqual(BACKGROUND.map((_event, at) => at));
    expect(done.events.filter((event) => event.sequenceNumber === null)).toHaveLength(1);
    expect(done.transcript.items[0]).toMatchObject({ status: 'completed', content: [{ text: 'Hello **world**, this is a streamed reply.' }] });
  });

  it('resuming opens straight into streaming when tokens already arrived', () => {
    const state = run([{ type: 'resume', at: T0 + 300 }, { type: 'opened', at: T0 + 301, isStream: true }], dropped());
    expect(state.status).toBe('streaming');
  });

  it('resuming → dropped again when the resume fails (HTTP or network), still resumable', () => {
    const resuming = transition(dropped(), { type: 'resume', at: T0 + 300 });
    const refused = transition(resuming, { type: 'http_error', at: T0 + 301, error: http400 });
    expect(refused).toMatchObject({ status: 'dropped', error: http400 });
    const lost = transition(resuming, { type: 'connection_lost', at: T0 + 301 });
    expect(lost).toMatchObject({ status: 'dropped', error: { code: 'connection_lost' } });
    expect(canResume(lost)).toBe(true);
  });

  it('a stopped background run can resume; a foreground or finished one cannot', () => {
    expect(canResume(transition(streaming(BACKGROUND.slice(0, cut)), { type: 'stop', at: T0 + 50 }))).toBe(true);
    expect(canResume(transition(streaming(MESSAGE.slice(0, cut)), { type: 'stop', at: T0 + 50 }))).toBe(false);
    expect(canResume(transition(streaming(BACKGROUND), { type: 'stream_closed', at: T0 + 50 }))).toBe(false);
  });

  it('a background stream whose events had no sequence numbers cannot resume (a re-stream would repeat them)', () => {
    const unnumbered = BACKGROUND.slice(0, cut).map(({ sequence_number: _dropped, ...event }) => event);
    const state = streaming([...unnumbered, PROXY_DROP]);
    expect(state.status).toBe('dropped');
    expect(state.transcript.response).toMatchObject({ background: true });
    expect(canResume(state)).toBe(false);
    expect(transition(state, { type: 'resume', at: T0 + 300 })).toBe(state);
  });
});

describe('run machine: retry', () => {
  it('failed, error and dropped turns retry from scratch: new attempt, empty transcript and log', () => {
    const dropped = transition(streaming(MESSAGE.slice(0, 8)), { type: 'stream_closed', at: T0 + 100 });
    const retried = transition(dropped, { type: 'retry', at: T0 + 500 });
    expect(retried).toMatchObject({ status: 'sending', attempt: 2, error: null, events: [], tokenEvents: 0, resumeCount: 0, request: CREATE });
    expect(retried.transcript.items).toEqual([]);
  });

  it('a running, completed or stopped turn does not retry', () => {
    const running = streaming(MESSAGE.slice(0, 8));
    expect(transition(running, { type: 'retry', at: T0 })).toBe(running);
    const stopped = transition(running, { type: 'stop', at: T0 + 1 });
    expect(transition(stopped, { type: 'retry', at: T0 + 2 })).toBe(stopped);
  });
});

describe('run machine: a read of many records', () => {
  /** The same stream applied record by record and in reads of 1 to 40 records, all at one time per read. */
  function bothWays(events: readonly Record<string, unknown>[], seed: number): [RunState, RunState] {
    const opened = () => run([{ type: 'opened', at: T0 + 10, isStream: true }], sent());
    const reads = cutIntoRuns(events.map(record), seed);
    const closed = { type: 'stream_closed', at: T0 + 20 + reads.length } as const;
    const oneByOne = reads.reduce((state, records, at) => records.reduce((next, one) => transition(next, { type: 'record', at: T0 + 20 + at, record: one }), state), opened());
    const batched = reads.reduce((state, records, at) => transition(state, { type: 'records', at: T0 + 20 + at, records }), opened());
    return [transition(oneByOne, closed), transition(batched, closed)];
  }

  it('ends where one record at a time ends: transcript, event log, token count and first-token time', () => {
    for (const [name, events] of Object.entries(SCENARIOS)) {
      for (let seed = 1; seed <= 3; seed += 1) {
        const [oneByOne, batched] = bothWays(events, seed);
        expect(batched, `${name}, seed ${seed}`).toEqual(oneByOne);
      }
    }
    for (let seed = 1; seed <= 60; seed += 1) {
      const [oneByOne, batched] = bothWays(noisyStream(seed), seed);
      expect(batched, `noisy seed ${seed}`).toEqual(oneByOne);
      expect(batched.status).toBe('completed');
    }
  });

  it('logs each delta of a read once, re-sent ones not at all, and stops at a drop inside the read', () => {
    const deltas = [1, 2, 2, 3].map((sequence) => record({ type: 'response.output_text.delta', sequence_number: sequence, output_index: 0, content_index: 0, delta: `d${sequence}` }));
    const opened = run([{ type: 'opened', at: T0 + 10, isStream: true }], sent());
    const state = transition(opened, { type: 'records', at: T0 + 30, records: [...deltas, record(PROXY_DROP), ...deltas] });
    expect(state.events.map((entry) => [entry.sequenceNumber, entry.type])).toEqual([
      [1, 'response.output_text.delta'],
      [2, 'response.output_text.delta'],
      [3, 'response.output_text.delta'],
      [null, 'error'],
    ]);
    expect(state).toMatchObject({ status: 'dropped', tokenEvents: 3, timings: { firstTokenMs: 30 } });
  });
});
