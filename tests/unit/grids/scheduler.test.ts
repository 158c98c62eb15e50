// The grid scheduler: never more than `concurrency` cells at once, a 429 retried after its Retry-After (its lane only),
// an attempt cut at the timeout, and Stop ending what runs and what waits.
import { describe, expect, it } from 'vitest';
import { runScheduled, type AttemptResult, type JobEnd, type ScheduledJob, type SchedulerClock } from '@/lib/grids/scheduler';

/** A clock that moves only when told: timers fire in time order as it advances. */
function manualClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; isCancelled: boolean }[] = [];
  const clock: SchedulerClock & { advance(ms: number): Promise<void>; pending(): number } = {
    now: () => now,
    setTimer(callback, ms) {
      const timer = { at: now + Math.max(0, ms), callback, isCancelled: false };
      timers.push(timer);
      return () => {
        timer.isCancelled = true;
      };
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        timers = timers.filter((timer) => !timer.isCancelled);
        const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        now = next.at;
        next.isCancelled = true;
        next.callback();
        await flush();
      }
      now = until;
      await flush();
    },
    pending: () => timers.filter((timer) => !timer.isCancelled).length,
  };
  return clock;
}

async function flush() {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

/** A job whose attempts are settled by the test, one by one. */
function controllable(key: string, lane = 'a') {
  const attempts: { signal: AbortSignal; settle: (result: AttemptResult) => void }[] = [];
  const job: ScheduledJob = {
    key,
    lane,
    attempt: (signal) =>
      new Promise<AttemptResult>((resolve) => {
        attempts.push({ signal, settle: resolve });
        // An aborted attempt ends soon, as a cell's driver does when stopped.
        signal.addEventListener('abort', () => resolve({ kind: 'done' }), { once: true });
      }),
  };
  return { job, attempts };
}

const OPTIONS = { timeoutMs: 10_000, maxRateLimitRetries: 3, defaultRetryAfterMs: 5_000 };

describe('runScheduled', () => {
  it('keeps at most `concurrency` attempts in flight and starts the next as one settles, in order', async () => {
    const clock = manualClock();
    const jobs = Array.from({ length: 10 }, (_, index) => controllable(`c${index}`));
    let inFlight = 0;
    let peak = 0;
    const started: string[] = [];
    const done = runScheduled(
      jobs.map(({ job }) => job),
      {
        ...OPTIONS,
        concurrency: 3,
        clock,
        onStart: (job) => {
          started.push(job.key);
          inFlight += 1;
          peak = Math.max(peak, inFlight);
        },
        onEnd: () => (inFlight -= 1),
      },
      new AbortController().signal,
    );
    await flush();
    expect(started).toEqual(['c0', 'c1', 'c2']);
    for (let index = 0; index < 10; index += 1) {
      jobs[index]!.attempts[0]!.settle({ kind: 'done' });
      await flush();
    }
    const ends = await done;
    expect(peak).toBe(3);
    expect(started).toEqual(jobs.map(({ job }) => job.key));
    expect([...ends.values()]).toEqual(Array(10).fill('done'));
  });

  it('retries a 429 after its Retry-After, holding back only its own lane, and frees the slot while it waits', async () => {
    const clock = manualClock();
    const limited = controllable('limited', 'slow-model');
    const sibling = controllable('sibling', 'slow-model');
    const other = controllable('other', 'fast-model');
    const waits: number[] = [];
    const done = runScheduled([limited.job, sibling.job, other.job], { ...OPTIONS, concurrency: 1, clock, onWait: (_, until) => waits.push(until) }, new AbortController().signal);
    await flush();
    limited.attempts[0]!.settle({ kind: 'rate_limited', retryAfterMs: 2_000 });
    await flush();
    expect(waits).toEqual([2_000]);
    // The slot went to the other lane; the limited lane's sibling did not start.
    expect(other.attempts).toHaveLength(1);
    expect(sibling.attempts).toHaveLength(0);
    other.attempts[0]!.settle({ kind: 'done' });
    await clock.advance(1_999);
    expect(limited.attempts).toHaveLength(1);
    expect(sibling.attempts).toHaveLength(0);
    await clock.advance(1);
    expect(limited.attempts).toHaveLength(2);
    limited.attempts[1]!.settle({ kind: 'done' });
    await flush();
    sibling.attempts[0]!.settle({ kind: 'done' });
    const ends = await done;
    expect(Object.fromEntries(ends)).toEqual({ limited: 'done', sibling: 'done', other: 'done' });
  });

  it('waits the default when a 429 has no Retry-After, and gives up `rate_limited` after the last retry', async () => {
    const clock = manualClock();
    const limited = controllable('limited');
    const ends: JobEnd[] = [];
    const done = runScheduled([limited.job], { ...OPTIONS, maxRateLimitRetries: 2, concurrency: 2, clock, onEnd: (_, end) => ends.push(end) }, new AbortController().signal);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await flush();
      limited.attempts[attempt]!.settle({ kind: 'rate_limited', retryAfterMs: null });
      await flush();
      if (attempt < 2) {
        await clock.advance(4_999);
        expect(limited.attempts).toHaveLength(attempt + 1);
        await clock.advance(1);
        expect(limited.attempts).toHaveLength(attempt + 2);
      }
    }
    await done;
    expect(limited.attempts).toHaveLength(3);
    expect(ends).toEqual(['rate_limited']);
  });

  it('aborts an attempt that runs past the timeout and reports it timed_out; the next cell takes the slot', async () => {
    const clock = manualClock();
    const slow = controllable('slow');
    const next = controllable('next');
    const done = runScheduled([slow.job, next.job], { ...OPTIONS, timeoutMs: 3_000, concurrency: 1, clock }, new AbortController().signal);
    await flush();
    await clock.advance(2_999);
    expect(slow.attempts[0]!.signal.aborted).toBe(false);
    expect(next.attempts).toHaveLength(0);
    await clock.advance(1);
    expect(slow.attempts[0]!.signal.aborted).toBe(true);
    expect(next.attempts).toHaveLength(1);
    next.attempts[0]!.settle({ kind: 'done' });
    expect(Object.fromEntries(await done)).toEqual({ slow: 'timed_out', next: 'done' });
  });

  it('cancel aborts what runs, ends what waits (queued or after a 429) as cancelled, and leaves no timer behind', async () => {
    const clock = manualClock();
    const running = controllable('running', 'x');
    const limited = controllable('limited', 'y');
    const queued = controllable('queued', 'x');
    const stop = new AbortController();
    const done = runScheduled([running.job, limited.job, queued.job], { ...OPTIONS, concurrency: 2, clock }, stop.signal);
    await flush();
    limited.attempts[0]!.settle({ kind: 'rate_limited', retryAfterMs: 60_000 });
    await flush();
    // The freed slot went to "queued"; "limited" waits on its Retry-After.
    expect(queued.attempts).toHaveLength(1);
    stop.abort();
    const ends = await done;
    expect(running.attempts[0]!.signal.aborted).toBe(true);
    expect(queued.attempts[0]!.signal.aborted).toBe(true);
    expect(limited.attempts).toHaveLength(1);
    expect(Object.fromEntries(ends)).toEqual({ running: 'cancelled', limited: 'cancelled', queued: 'cancelled' });
    expect(clock.pending()).toBe(0);
  });

  it('an attempt that throws frees its slot and ends done; a run cancelled before it starts runs nothing', async () => {
    const clock = manualClock();
    const thrower: ScheduledJob = { key: 'thrower', lane: 'a', attempt: () => Promise.reject(new Error('boom')) };
    const after = controllable('after');
    const done = runScheduled([thrower, after.job], { ...OPTIONS, concurrency: 1, clock }, new AbortController().signal);
    await flush();
    after.attempts[0]!.settle({ kind: 'done' });
    expect(Object.fromEntries(await done)).toEqual({ thrower: 'done', after: 'done' });

    const cancelled = new AbortController();
    cancelled.abort();
    const never = controllable('never');
    expect(Object.fromEntries(await runScheduled([never.job], { ...OPTIONS, concurrency: 4, clock }, cancelled.signal))).toEqual({ never: 'cancelled' });
    expect(never.attempts).toHaveLength(0);
  });
});
