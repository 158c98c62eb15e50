// Runs a task once a stream of changes has paused, without re-arming a browser timer on every change.

export interface TrailingTimer {
  /** A change happened: the task runs `delayMs` after the last one. */
  poke(): void;
  cancel(): void;
}

/**
 * Debounce for per-keystroke callers (saving the draft, checking it): a poke only notes the time, and the one pending
 * timer, when it fires early, waits out the rest. Clearing and setting a timer on each key was two timer operations a
 * keystroke for every debounced task.
 */
export function createTrailingTimer(delayMs: number, run: () => void): TrailingTimer {
  let dueAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    const waitMs = dueAt - Date.now();
    if (waitMs > 0) {
      timer = setTimeout(fire, waitMs);
      return;
    }
    timer = undefined;
    run();
  };
  return {
    poke() {
      dueAt = Date.now() + delayMs;
      timer ??= setTimeout(fire, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
