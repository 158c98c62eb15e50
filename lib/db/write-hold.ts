// Runs waiting for their first byte: on PGlite, where a statement holds the event loop, hot-path writers wait for them.
const holder = globalThis as typeof globalThis & { __playgroundAwaitingFirstByte?: number };

/**
 * Marks one run as waiting for its first byte (a proxied stream, from its request until its first chunk goes out); the
 * returned release may be called any number of times. Kept on globalThis: the writers may live in another route bundle.
 */
export function markAwaitingFirstByte(): () => void {
  holder.__playgroundAwaitingFirstByte = (holder.__playgroundAwaitingFirstByte ?? 0) + 1;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    holder.__playgroundAwaitingFirstByte = (holder.__playgroundAwaitingFirstByte ?? 1) - 1;
  };
}

export function isAnyAwaitingFirstByte(): boolean {
  return (holder.__playgroundAwaitingFirstByte ?? 0) > 0;
}
