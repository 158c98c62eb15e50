// The job refresher's schedule on a hand-moved clock: no pass while no open job waits for a poll, a wake starts one, a due poll is run at its time, and ticking returns while changes cannot be heard.
import { describe, expect, it } from 'vitest';
import { MIN_PASS_GAP_MS, startRefreshLoop, UNHEARD_TICK_MS, type LoopClock, type RefreshLoop } from '@/lib/jobs/refresh-loop';

/** A clock moved by the test: timers fire only in advance(). */
function manualClock() {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: LoopClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    armed: () => timers.size,
    /** Moves time on, firing each timer that falls due, and lets every pass it starts finish. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await settle();
      }
      now = end;
    },
    get now() {
      return now;
    },
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A loop over a fake "database": `next` is the earliest due poll of an open job that the next pass reports. */
async function startLoop(initial: { next: number | null; isHearing?: boolean }) {
  const time = manualClock();
  const world = { next: initial.next, isHearing: initial.isHearing ?? true, passAt: [] as number[], errors: 0 };
  const loop: RefreshLoop = startRefreshLoop({
    clock: time.clock,
    isHearingChanges: () => world.isHearing,
    onError: () => void (world.errors += 1),
    runPass: async () => {
      world.passAt.push(time.now);
      return world.next === null ? null : new Date(world.next);
    },
  });
  await settle();
  return { time, world, loop };
}

describe('the job refresher loop', () => {
  it('runs one pass at start and then no pass (no timer at all) while no open job waits for a poll', async () => {
    const { time, world, loop } = await startLoop({ next: null });
    expect(world.passAt).toHaveLength(1);
    expect(loop.state()).toBe('idle');
    expect(time.armed()).toBe(0);
    await time.advance(10 * 60_000);
    expect(loop.passes()).toBe(1);
  });

  it('a wake (a new background job) starts a pass, and the job it reports is polled when due, then it goes idle again', async () => {
    const { time, world, loop } = await startLoop({ next: null });
    await time.advance(5_000);
    const wokenAt = time.now;
    world.next = wokenAt + 1_000;
    loop.wake();
    await time.advance(0);
    expect(world.passAt).toEqual([world.passAt[0], wokenAt]);
    expect(loop.state()).toBe('waiting');
    world.next = null;
    await time.advance(999);
    expect(world.passAt).toHaveLength(2);
    await time.advance(1);
    expect(world.passAt.at(-1)).toBe(wokenAt + 1_000);
    expect(loop.state()).toBe('idle');
    await time.advance(60_000);
    expect(world.passAt).toHaveLength(3);
  });

  it('a wake during a pass runs one more pass after it; wakes in a burst start passes at least MIN_PASS_GAP_MS apart', async () => {
    const time = manualClock();
    let release: () => void = () => undefined;
    const passAt: number[] = [];
    const loop = startRefreshLoop({
      clock: time.clock,
      isHearingChanges: () => true,
      onError: () => undefined,
      runPass: () => {
        passAt.push(time.now);
        return new Promise((resolve) => (release = () => resolve(null)));
      },
    });
    loop.wake();
    loop.wake();
    release();
    await settle();
    expect(loop.state()).toBe('waiting');
    for (let at = 0; at < 10; at += 1) loop.wake();
    await time.advance(MIN_PASS_GAP_MS);
    expect(passAt).toEqual([passAt[0], passAt[0]! + MIN_PASS_GAP_MS]);
    release();
    await settle();
    expect(loop.state()).toBe('idle');
  });

  it('ticks every UNHEARD_TICK_MS while changes cannot be heard (the live connection is down), and goes idle once they can', async () => {
    const { time, world, loop } = await startLoop({ next: null, isHearing: false });
    await time.advance(UNHEARD_TICK_MS * 3);
    expect(world.passAt).toHaveLength(4);
    world.isHearing = true;
    await time.advance(UNHEARD_TICK_MS);
    // This pass began while hearing, so nothing it read can have been missed: no timer after it.
    expect(world.passAt).toHaveLength(5);
    expect(loop.state()).toBe('idle');
    await time.advance(60_000);
    expect(world.passAt).toHaveLength(5);
  });

  it('retries a failed pass after UNHEARD_TICK_MS, and stop() ends it', async () => {
    const time = manualClock();
    let calls = 0;
    const loop = startRefreshLoop({
      clock: time.clock,
      isHearingChanges: () => true,
      onError: () => undefined,
      runPass: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return new Date(time.now + 30_000);
      },
    });
    await settle();
    await time.advance(UNHEARD_TICK_MS);
    expect(calls).toBe(2);
    loop.stop();
    loop.wake();
    await time.advance(60_000);
    expect(calls).toBe(2);
    expect(time.armed()).toBe(0);
  });
});
