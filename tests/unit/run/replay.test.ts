// A recording replayed through the run controller: the same transcript and metrics as the live run, paced by its offsets,
// paused, sought, a stopped run stopped again, and no request leaving for a gateway.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunDriver } from '@/lib/run/driver';
import { ReplaySession, type ReplayedRecording } from '@/lib/run/replay';
import type { Turn } from '@/lib/transcript/run-types';
import { toSse } from '../../fixtures/streams/build-stream';
import { CREATE, manualClock, MESSAGE, scriptedTransport, sseReply } from './helpers';

const wall = () => Date.now();
const EVENT_GAP_MS = 40;

/** MESSAGE recorded with one event every 40 ms after headers at 25 ms. */
function recordingOf(events = MESSAGE, endedBy: ReplayedRecording['ended_by'] = 'stream_end'): ReplayedRecording {
  const recorded = events.map((event, index) => ({ at_ms: 30 + index * EVENT_GAP_MS, raw: toSse([event]) }));
  return { request: CREATE.body, on_behalf_of: 'alice', headers_ms: 25, duration_ms: (recorded.at(-1)?.at_ms ?? 0) + 5, ended_by: endedBy, events: recorded };
}

const textOf = (turn: Turn | undefined) => JSON.stringify(turn?.transcript.items.map((item) => item?.content ?? null));
const lastTurn = (session: ReplaySession) => session.thread.getSnapshot().turns.at(-1);

describe('ReplaySession', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('a replay must not call fetch'));
  });
  afterEach(() => {
    vi.useRealTimers();
    fetchSpy.mockRestore();
  });

  it('instantly: the transcript, events and metrics of the live run, every event at its recorded offset', async () => {
    const live = new RunDriver(CREATE, { transport: scriptedTransport([() => sseReply(MESSAGE)]).transport, clock: manualClock() });
    await live.start();
    const recording = recordingOf();
    const session = new ReplaySession(recording, { speed: Infinity, wall });
    await session.start();
    const turn = lastTurn(session)!;
    expect(turn.status).toBe('completed');
    expect(turn.transcript.items).toEqual(live.state.transcript.items);
    expect(turn.transcript.response).toEqual(live.state.transcript.response);
    expect(turn.events.map((event) => event.atMs)).toEqual(recording.events.map((event) => event.at_ms));
    expect(turn.metrics).toMatchObject({ ttfbMs: 25, ttftMs: 30 + MESSAGE.findIndex((event) => event.type === 'response.output_text.delta') * EVENT_GAP_MS, totalMs: recording.duration_ms });
    expect(turn.request.headers).toEqual({ 'X-On-Behalf-Of': 'alice' });
    expect(session.getSnapshot()).toMatchObject({ delivered: MESSAGE.length, isEnded: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('at 1× delivers each event when its offset comes, and takes the recorded duration', async () => {
    const recording = recordingOf();
    const session = new ReplaySession(recording, { wall });
    const done = session.start();
    await vi.advanceTimersByTimeAsync(29);
    expect(session.getSnapshot().delivered).toBe(0);
    expect(lastTurn(session)?.status).toBe('waiting_first_token');
    await vi.advanceTimersByTimeAsync(1 + 2 * EVENT_GAP_MS);
    expect(session.getSnapshot().delivered).toBe(3);
    await vi.advanceTimersByTimeAsync(recording.duration_ms);
    await done;
    expect(session.getSnapshot()).toMatchObject({ isEnded: true, playedMs: recording.duration_ms });
    expect(lastTurn(session)?.status).toBe('completed');
  });

  it('pause holds the stream where it is; play goes on from there', async () => {
    const session = new ReplaySession(recordingOf(), { wall });
    void session.start();
    await vi.advanceTimersByTimeAsync(30 + EVENT_GAP_MS);
    session.pause();
    const held = session.getSnapshot().delivered;
    const text = textOf(lastTurn(session));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.getSnapshot()).toMatchObject({ delivered: held, isPaused: true, isEnded: false });
    expect(textOf(lastTurn(session))).toBe(text);
    session.play();
    await vi.advanceTimersByTimeAsync(EVENT_GAP_MS);
    expect(session.getSnapshot().delivered).toBe(held + 1);
  });

  it('seeks back and forth to any event: the transcript is exactly what the events up to it make, then plays on', async () => {
    const recording = recordingOf();
    const session = new ReplaySession(recording, { wall });
    void session.start();
    await vi.advanceTimersByTimeAsync(recording.duration_ms + 1);
    expect(lastTurn(session)?.status).toBe('completed');
    const expected = async (count: number) => {
      const partial = new RunDriver(CREATE, { transport: scriptedTransport([() => sseReply(MESSAGE.slice(0, count), { holdUntil: new AbortController().signal })]).transport, clock: manualClock() });
      void partial.start();
      await vi.advanceTimersByTimeAsync(0);
      return JSON.stringify(partial.state.transcript.items);
    };
    for (const index of [4, 1, MESSAGE.length - 2]) {
      void session.seek(index);
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getSnapshot()).toMatchObject({ delivered: index + 1, startedFrom: index, isEnded: false });
      expect(JSON.stringify(lastTurn(session)?.transcript.items)).toBe(await expected(index + 1));
      expect(lastTurn(session)?.events.at(-1)?.atMs).toBe(recording.events[index]!.at_ms);
    }
    await vi.advanceTimersByTimeAsync(EVENT_GAP_MS);
    expect(session.getSnapshot()).toMatchObject({ delivered: MESSAGE.length, isEnded: false });
    await vi.advanceTimersByTimeAsync(5);
    expect(lastTurn(session)?.status).toBe('completed');
    expect(session.thread.getSnapshot().turns).toHaveLength(1);
  });

  it('a seek while paused shows exactly the event chosen, even when the next ones arrived in the same instant', async () => {
    const recording = recordingOf();
    // The proxy read events 3 to 8 in one chunk: they share one offset.
    const sameInstant = { ...recording, events: recording.events.map((event, index) => (index >= 3 && index <= 8 ? { ...event, at_ms: 150 } : event)) };
    const session = new ReplaySession(sameInstant, { wall, isPaused: true });
    void session.seek(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(session.getSnapshot()).toMatchObject({ delivered: 5, isPaused: true });
    session.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot().delivered).toBe(9);
  });

  it('a run the browser stopped replays as stopped at the same moment, what arrived kept', async () => {
    const cut = MESSAGE.slice(0, 6);
    const session = new ReplaySession(recordingOf(cut, 'client'), { speed: Infinity, wall });
    await session.start();
    const turn = lastTurn(session)!;
    expect(turn.status).toBe('stopped');
    expect(turn.timings.endMs).toBe(30 + 5 * EVENT_GAP_MS + 5);
    expect(turn.transcript.items.every((item) => item?.status !== 'in_progress')).toBe(true);
  });

  it('answers anything but create without a gateway: 409 replay_only, and nothing resumes by itself', async () => {
    const session = new ReplaySession(recordingOf(), { speed: Infinity, wall });
    await session.start();
    await session.thread.cancel();
    await session.thread.resume('resp_other');
    const turn = lastTurn(session)!;
    expect(turn.status).toBe('error');
    expect(turn.error).toMatchObject({ code: 'replay_only', httpStatus: 409 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
