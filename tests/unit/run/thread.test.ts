import { describe, expect, it, vi } from 'vitest';
import { formatSeconds, readLiveFigures, describeWait, secondsUntilRetry } from '@/lib/run/live';
import { RunThread } from '@/lib/run/thread';
import { closeUnfinishedItems, toTurn } from '@/lib/run/turn';
import { createRunState, transition, type RunInput } from '@/lib/run/machine';
import { readHttpError } from '@/lib/run/transport';
import { reduceAll } from '@/lib/transcript/reducer';
import { CREATE, manualClock, MESSAGE, PROXY_DROP, rateLimited, record, scriptedTransport, sseReply } from './helpers';

function thread(replies: Parameters<typeof scriptedTransport>[0]) {
  const { transport, calls } = scriptedTransport(replies);
  return { thread: new RunThread({ transport, clock: manualClock() }), calls };
}

describe('RunThread', () => {
  it('sends a turn, announces its start and end, and chains a reply to the last response with its settings', async () => {
    const { thread: subject, calls } = thread([() => sseReply(MESSAGE), () => sseReply(MESSAGE)]);
    const announcements: string[] = [];
    subject.subscribe(() => announcements.push(subject.getSnapshot().announcement));
    await subject.send({ body: { model: 'local-agent', input: 'hi', tools: [] }, headers: { 'X-On-Behalf-Of': 'alice' } });
    expect(subject.getSnapshot()).toMatchObject({ status: 'completed', isRunning: false });
    expect(announcements).toContain('Response started (local-agent).');
    expect(subject.getSnapshot().announcement).toBe('Response completed.');

    await subject.reply([{ type: 'function_call_output', call_id: 'c', output: '1' }]);
    expect(subject.getSnapshot().turns).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      method: 'create',
      headers: { 'X-On-Behalf-Of': 'alice' },
      body: { model: 'local-agent', tools: [], previous_response_id: 'resp_test', input: [{ type: 'function_call_output', call_id: 'c', output: '1' }] },
    });
  });

  it('keeps the snapshot of an unchanged turn (memoized views do not re-render)', async () => {
    const { thread: subject } = thread([() => sseReply(MESSAGE), () => sseReply(MESSAGE)]);
    await subject.send({ body: { model: 'local-agent', input: 'a' } });
    const first = subject.getSnapshot().turns[0];
    await subject.send({ body: { model: 'local-agent', input: 'b' } });
    expect(subject.getSnapshot().turns[0]).toBe(first);
  });

  it('a new send stops the running turn; reset empties the thread and ignores late updates', async () => {
    const { thread: subject } = thread([(signal) => sseReply(MESSAGE.slice(0, 6), { holdUntil: signal }), (signal) => sseReply(MESSAGE.slice(0, 6), { holdUntil: signal })]);
    void subject.send({ body: { input: 'a' } });
    await vi.waitFor(() => expect(subject.getSnapshot().turns[0]?.eventCount).toBe(6));
    const second = subject.send({ body: { input: 'b' } });
    expect(subject.getSnapshot().turns.map((turn) => turn.status)).toEqual(['stopped', 'sending']);
    subject.reset();
    await second;
    expect(subject.getSnapshot()).toMatchObject({ turns: [], status: 'idle', isRunning: false, announcement: '' });
  });

  it('retries a failed turn in its place', async () => {
    const { thread: subject, calls } = thread([() => sseReply([...MESSAGE.slice(0, 8), PROXY_DROP]), () => sseReply(MESSAGE)]);
    await subject.send({ body: CREATE.body, headers: CREATE.headers });
    const [dropped] = subject.getSnapshot().turns;
    expect(dropped?.status).toBe('dropped');
    await subject.retry(dropped?.key);
    expect(subject.getSnapshot().turns).toHaveLength(1);
    expect(subject.getSnapshot().turns[0]).toMatchObject({ key: dropped?.key, status: 'completed', attempt: 2 });
    expect(calls.map((call) => call.body)).toEqual([CREATE.body, CREATE.body]);
  });

  it('announces a rate limit once while it waits', async () => {
    const { thread: subject } = thread([() => rateLimited('1'), () => sseReply(MESSAGE)]);
    const announcements: string[] = [];
    subject.subscribe(() => announcements.push(subject.getSnapshot().announcement));
    await subject.send({ body: CREATE.body });
    expect(new Set(announcements)).toContain('Rate limited: the request is sent again when the wait ends.');
    expect(subject.getSnapshot().status).toBe('completed');
  });
});

describe('toTurn', () => {
  it('marks items cut short by a stop or a drop incomplete, and leaves a finished turn as it came', () => {
    const running: RunInput[] = [{ type: 'send', at: 0 }, { type: 'opened', at: 1, isStream: true }, ...MESSAGE.slice(0, 8).map((event) => ({ type: 'record', at: 2, record: record(event) }) as const)];
    const streaming = running.reduce((state, input) => transition(state, input), createRunState(CREATE));
    expect(toTurn('k', streaming).transcript.items[0]?.status).toBe('in_progress');
    const stopped = toTurn('k', transition(streaming, { type: 'stop', at: 3 }));
    expect(stopped.transcript.items[0]).toMatchObject({ status: 'incomplete', content: [{ text: 'Hello **world**,' }] });
    expect(toTurn('k', transition(streaming, { type: 'connection_lost', at: 3 })).transcript.items[0]?.status).toBe('incomplete');
    expect(stopped.eventCount).toBe(8);
  });

  it('closeUnfinishedItems leaves finished items and returns the same state when nothing is open', () => {
    const done = reduceAll(MESSAGE);
    expect(closeUnfinishedItems(done)).toBe(done);
    const searching = { ...done, items: [{ type: 'web_search_call', status: 'searching' }, ...done.items] };
    expect(closeUnfinishedItems(searching).items.map((item) => item?.status)).toEqual(['incomplete', 'completed']);
  });
});

describe('live figures', () => {
  const base = { status: 'waiting_first_token' as const, timings: { startedAt: 1_000, headersMs: 5, firstTokenMs: null, endMs: null }, tokenEvents: 0, retryAt: null, transcript: reduceAll([]), resumeCount: 0 };

  it('says what a turn waits on, with the time so far', () => {
    expect(describeWait(base, 2_400)).toBe('Waiting for first token… 1.4 s');
    expect(describeWait({ ...base, status: 'sending' }, 1_050)).toBe('Waiting for first token… 0.1 s');
    expect(describeWait({ ...base, status: 'streaming' }, 2_400)).toBeNull();
    expect(describeWait({ ...base, status: 'rate_limited', retryAt: 3_100 }, 1_200)).toBe('Rate limited by the gateway (HTTP 429). Sending again by itself in 2 s…');
  });

  it('counts tokens and tokens per second since the first token', () => {
    expect(readLiveFigures({ ...base, status: 'streaming', tokenEvents: 30, timings: { ...base.timings, firstTokenMs: 500 } }, 3_500)).toEqual({ elapsedMs: 2_500, tokens: 30, tokensPerSecond: 15 });
    expect(readLiveFigures(base, 1_000).tokensPerSecond).toBeNull();
    expect(formatSeconds(-3)).toBe('0.0 s');
  });

  it('never counts the retry below one second while waiting', () => {
    expect(secondsUntilRetry({ ...base, status: 'rate_limited', retryAt: 1_000 }, 1_000)).toBe(1);
    expect(secondsUntilRetry(base, 1_000)).toBeNull();
  });
});

describe('readHttpError', () => {
  it('reads the envelope and Retry-After as seconds or as an HTTP date', async () => {
    expect(await readHttpError(rateLimited('7'))).toEqual({ message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null, httpStatus: 429, retryAfterSeconds: 7 });
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect((await readHttpError(rateLimited('Thu, 01 Jan 2026 00:00:03 GMT'), now)).retryAfterSeconds).toBe(3);
    const plain = await readHttpError(new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    expect(plain).toMatchObject({ message: 'HTTP 502 Bad Gateway: upstream down', httpStatus: 502, retryAfterSeconds: null });
  });
});
