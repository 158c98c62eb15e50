// Runs a grid's cells: at most `concurrency` at once, a 429 retried after its Retry-After (its lane waits, the others go on),
// each attempt cut at `timeoutMs`, and everything stopped when the run's signal aborts. No I/O of its own: jobs do the work.

export interface SchedulerClock {
  now(): number;
  /** Calls `callback` after `ms`; returns a function that cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

export const systemClock: SchedulerClock = {
  now: () => performance.now(),
  setTimer(callback, ms) {
    const timer = setTimeout(callback, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

export type AttemptResult = { kind: 'done' } | { kind: 'rate_limited'; retryAfterMs: number | null };

export interface ScheduledJob {
  key: string;
  /** Jobs of one lane share a rate limit (a variant, so a model): a 429 holds back the lane's next starts until its Retry-After. */
  lane: string;
  /** One attempt (1-based); resolves when it has settled. `signal` aborts on timeout or cancel, and the attempt must then end soon. */
  attempt(signal: AbortSignal, attempt: number): Promise<AttemptResult>;
}

/** How a job ended: settled, cut by the timeout, cancelled (before or while running), or still rate limited after every retry. */
export type JobEnd = 'done' | 'timed_out' | 'cancelled' | 'rate_limited';

export interface SchedulerOptions {
  concurrency: number;
  /** Longest one attempt may run; the wait after a 429 does not count. */
  timeoutMs: number;
  /** 429s retried per job before it ends `rate_limited`. */
  maxRateLimitRetries: number;
  /** Wait after a 429 without a usable Retry-After. */
  defaultRetryAfterMs: number;
  clock?: SchedulerClock;
  onStart?(job: ScheduledJob, attempt: number): void;
  /** A rate-limited job waits until `untilMs` (clock time) before its next attempt. */
  onWait?(job: ScheduledJob, untilMs: number): void;
  onEnd?(job: ScheduledJob, end: JobEnd): void;
}

interface Entry {
  job: ScheduledJob;
  attempt: number;
  readyAt: number;
}

/** Runs every job once (plus 429 retries); resolves when all have ended, each with how it ended. */
export function runScheduled(jobs: readonly ScheduledJob[], options: SchedulerOptions, signal: AbortSignal): Promise<Map<string, JobEnd>> {
  const clock = options.clock ?? systemClock;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const waiting: Entry[] = jobs.map((job) => ({ job, attempt: 1, readyAt: 0 }));
  const laneReadyAt = new Map<string, number>();
  const ends = new Map<string, JobEnd>();
  let active = 0;
  let cancelWake: (() => void) | null = null;

  return new Promise((resolve) => {
    const finish = (entry: Entry, end: JobEnd) => {
      ends.set(entry.job.key, end);
      options.onEnd?.(entry.job, end);
    };

    const isReady = (entry: Entry, now: number) => entry.readyAt <= now && (laneReadyAt.get(entry.job.lane) ?? 0) <= now;

    const pump = () => {
      if (signal.aborted) {
        for (const entry of waiting.splice(0)) finish(entry, 'cancelled');
      }
      cancelWake?.();
      cancelWake = null;
      while (active < concurrency && waiting.length > 0) {
        const now = clock.now();
        const index = waiting.findIndex((entry) => isReady(entry, now));
        if (index === -1) {
          // Everything left waits on a Retry-After: wake when the first of them may go.
          const wakeAt = Math.min(...waiting.map((entry) => Math.max(entry.readyAt, laneReadyAt.get(entry.job.lane) ?? 0)));
          cancelWake = clock.setTimer(pump, wakeAt - now);
          break;
        }
        const [entry] = waiting.splice(index, 1);
        void start(entry!);
      }
      if (active === 0 && waiting.length === 0) {
        signal.removeEventListener('abort', pump);
        resolve(ends);
      }
    };

    const start = async (entry: Entry) => {
      active += 1;
      options.onStart?.(entry.job, entry.attempt);
      const timeout = new AbortController();
      const cancelTimeout = clock.setTimer(() => timeout.abort(), options.timeoutMs);
      let result: AttemptResult = { kind: 'done' };
      try {
        result = await entry.job.attempt(AbortSignal.any([signal, timeout.signal]), entry.attempt);
      } catch {
        // An attempt reports its failures in its own result; a throw is a settled attempt too, never a stuck slot.
      } finally {
        cancelTimeout();
        active -= 1;
      }
      if (signal.aborted) finish(entry, 'cancelled');
      else if (timeout.signal.aborted) finish(entry, 'timed_out');
      else if (result.kind === 'rate_limited' && entry.attempt <= options.maxRateLimitRetries) {
        const until = clock.now() + Math.max(0, result.retryAfterMs ?? options.defaultRetryAfterMs);
        laneReadyAt.set(entry.job.lane, Math.max(laneReadyAt.get(entry.job.lane) ?? 0, until));
        options.onWait?.(entry.job, until);
        // Back at the front: a retried cell goes before its lane's cells that never started.
        waiting.unshift({ job: entry.job, attempt: entry.attempt + 1, readyAt: until });
      } else finish(entry, result.kind === 'rate_limited' ? 'rate_limited' : 'done');
      pump();
    };

    signal.addEventListener('abort', pump, { once: true });
    pump();
  });
}
