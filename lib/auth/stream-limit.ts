// Per-client cap on streams open at once (in memory, one process): the proxy's per client, the local gateway's per API key.
// No 'server-only': the standalone local gateway (npm run gateway, outside Next.js) counts with it too.

export interface StreamLimiter {
  /** A release function when a slot is free (call it exactly once when the stream ends), else null. */
  acquire(clientKey: string): (() => void) | null;
  openStreams(clientKey: string): number;
}

/** maxStreams 0: no limit. */
export function createStreamLimiter(maxStreams: number): StreamLimiter {
  const open = new Map<string, number>();
  return {
    acquire(clientKey) {
      const count = open.get(clientKey) ?? 0;
      if (maxStreams > 0 && count >= maxStreams) return null;
      open.set(clientKey, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(clientKey) ?? 1) - 1;
        if (left > 0) open.set(clientKey, left);
        else open.delete(clientKey);
      };
    },
    openStreams: (clientKey) => open.get(clientKey) ?? 0,
  };
}

const holder = globalThis as typeof globalThis & { __playgroundStreamLimiters?: Map<number, StreamLimiter> };

/** The process-wide limiter for a given cap (one per distinct setting value). */
export function sharedStreamLimiter(maxStreams: number): StreamLimiter {
  holder.__playgroundStreamLimiters ??= new Map();
  let limiter = holder.__playgroundStreamLimiters.get(maxStreams);
  if (!limiter) {
    limiter = createStreamLimiter(maxStreams);
    holder.__playgroundStreamLimiters.set(maxStreams, limiter);
  }
  return limiter;
}
