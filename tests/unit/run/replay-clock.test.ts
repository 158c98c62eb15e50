// The replay clock: moments come due at 1×, 2×, 5× or at once, pause holds them, a speed change re-times the wait,
// a restart (seek) makes earlier moments due at once, and the run reads the offset last delivered as its now().
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplayClock, type ReplaySpeed } from '@/lib/run/replay-clock';

const wall = () => Date.now();

/** Whether the promise has settled after the fake time advanced by `ms`. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let isSettled = false;
  void promise.then(
    () => (isSettled = true),
    () => (isSettled = true),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return isSettled;
}

describe('ReplayClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const signal = () => new AbortController().signal;

  it.each([
    [1, 100],
    [2, 50],
    [5, 20],
  ] as Array<[ReplaySpeed, number]>)('at %s× a moment 100 ms into the recording is due after %s ms of wall time, not before', async (speed, dueMs) => {
    const clock = new ReplayClock({ speed, endMs: 1_000, wall });
    const due = clock.waitUntil(100, signal());
    expect(await settledAfter(due, dueMs - 1)).toBe(false);
    expect(await settledAfter(due, 1)).toBe(true);
    expect(clock.position()).toBe(100);
  });

  it('instant: every moment is due at once and the timeline reads its end', async () => {
    const clock = new ReplayClock({ speed: Infinity, endMs: 750, wall });
    expect(await settledAfter(clock.waitUntil(700, signal()), 0)).toBe(true);
    expect(clock.position()).toBe(750);
  });

  it('pause holds the timeline and every wait; play continues where it stopped, pauses left out of the time played', async () => {
    const clock = new ReplayClock({ endMs: 1_000, wall });
    const due = clock.waitUntil(100, signal());
    await vi.advanceTimersByTimeAsync(30);
    clock.pause();
    expect(await settledAfter(due, 5_000)).toBe(false);
    expect(clock.position()).toBe(30);
    clock.play();
    expect(await settledAfter(due, 69)).toBe(false);
    expect(await settledAfter(due, 1)).toBe(true);
    expect(clock.playedWallMs()).toBe(100);
  });

  it('a speed change re-times a wait from where the timeline is', async () => {
    const clock = new ReplayClock({ endMs: 1_000, wall });
    const due = clock.waitUntil(100, signal());
    await vi.advanceTimersByTimeAsync(40);
    clock.setSpeed(5);
    expect(await settledAfter(due, 11)).toBe(false);
    expect(await settledAfter(due, 1)).toBe(true);
    // Back from instant, the timeline is where the deliveries got to, not at its end.
    clock.deliver(300);
    clock.setSpeed(Infinity);
    clock.setSpeed(1);
    expect(clock.position()).toBe(300);
  });

  it('a restart (seek) makes the moments before it due at once and the later ones at their time from there', async () => {
    const clock = new ReplayClock({ endMs: 1_000, wall });
    clock.deliver(400);
    clock.restart(500);
    expect(clock.now()).toBe(0);
    expect(await settledAfter(clock.waitUntil(480, signal()), 0)).toBe(true);
    const later = clock.waitUntil(600, signal());
    expect(await settledAfter(later, 99)).toBe(false);
    expect(await settledAfter(later, 1)).toBe(true);
    // A restart while paused stays paused: the state at the seek is shown and held.
    clock.pause();
    clock.restart(100);
    expect(await settledAfter(clock.waitUntil(100, signal()), 0)).toBe(true);
    expect(await settledAfter(clock.waitUntil(101, signal()), 10_000)).toBe(false);
  });

  it('the run reads as now() the offset last delivered, whatever the wall clock did', async () => {
    const clock = new ReplayClock({ endMs: 1_000, wall });
    await vi.advanceTimersByTimeAsync(250);
    expect(clock.now()).toBe(0);
    clock.deliver(212);
    expect(clock.now()).toBe(212);
    expect(clock.position()).toBe(250);
  });

  it('an aborted wait rejects and is forgotten; the timeline never reads past the end', async () => {
    const clock = new ReplayClock({ endMs: 200, wall });
    const controller = new AbortController();
    const due = clock.waitUntil(150, controller.signal);
    controller.abort(new Error('left'));
    await expect(due).rejects.toThrow('left');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clock.position()).toBe(200);
    await expect(clock.sleep(10, controller.signal)).rejects.toThrow('left');
  });
});
