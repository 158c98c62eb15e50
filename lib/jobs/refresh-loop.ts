// When the job refresher runs a pass: at the earliest due poll, soon after a wake (a job created or its status moved), never while no open job waits for a poll.

/** While changes may go unheard (the live connection is down), passes run at least this often, as they always did. */
export const UNHEARD_TICK_MS = 500;
/** Passes start at least this far apart, however many wakes come (a burst of webhook deliveries wakes it once per status): never more often than the old fixed tick. */
export const MIN_PASS_GAP_MS = 500;

export interface LoopClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: LoopClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RefreshLoopOptions {
  /** One pass; resolves to the earliest next poll of an open job, or null when none waits for one. */
  runPass: () => Promise<Date | null>;
  /** Whether every change that can make a poll due sooner reaches wake() now; while it is false the loop ticks. */
  isHearingChanges: () => boolean;
  onError: (error: unknown) => void;
  clock?: LoopClock;
}

/** `idle`: no timer armed, nothing runs until a wake. `waiting`: a pass is armed for `armedAt`. */
export type RefreshLoopState = 'running' | 'waiting' | 'idle' | 'stopped';

export interface RefreshLoop {
  /** Something may have made a poll due sooner: a pass runs soon (or again right after the one running). */
  wake(): void;
  stop(): void;
  state(): RefreshLoopState;
  /** Passes started so far. */
  passes(): number;
}

export function startRefreshLoop({ runPass, isHearingChanges, onError, clock = realClock }: RefreshLoopOptions): RefreshLoop {
  let state = 'running' as RefreshLoopState;
  let timer: unknown;
  let armedAt = Infinity;
  let lastStartAt = -Infinity;
  let isWokenDuringPass = false;
  let passes = 0;

  const arm = (dueAt: number) => {
    const at = Math.max(dueAt, lastStartAt + MIN_PASS_GAP_MS);
    if (state === 'waiting' && armedAt <= at) return;
    clock.clearTimeout(timer);
    state = 'waiting';
    armedAt = at;
    timer = clock.setTimeout(() => void run(), Math.max(0, at - clock.now()));
  };

  const run = async () => {
    state = 'running';
    timer = undefined;
    armedAt = Infinity;
    isWokenDuringPass = false;
    lastStartAt = clock.now();
    passes += 1;
    // A change made while the connection was coming back may have been missed: it must be heard from before this pass's reads.
    const wasHearing = isHearingChanges();
    let dueAt: number | null;
    try {
      dueAt = (await runPass())?.getTime() ?? null;
    } catch (error) {
      onError(error);
      dueAt = clock.now() + UNHEARD_TICK_MS;
    }
    // stop() may have run while the pass awaited.
    if ((state as RefreshLoopState) === 'stopped') return;
    if (isWokenDuringPass) dueAt = clock.now();
    if (!wasHearing || !isHearingChanges()) dueAt = Math.min(dueAt ?? Infinity, clock.now() + UNHEARD_TICK_MS);
    if (dueAt === null) {
      state = 'idle';
      return;
    }
    arm(dueAt);
  };

  void run();
  return {
    wake() {
      if (state === 'stopped') return;
      if (state === 'running') isWokenDuringPass = true;
      else arm(clock.now());
    },
    stop() {
      state = 'stopped';
      clock.clearTimeout(timer);
      timer = undefined;
    },
    state: () => state,
    passes: () => passes,
  };
}
