// Per-client sliding-window rate limit (in memory, one process): the proxy's per client, the local gateway's per API key.
// No 'server-only': the standalone local gateway (npm run gateway, outside Next.js) counts with it too.

const WINDOW_MS = 60_000;
const MAX_TRACKED_CLIENTS = 10_000;

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(clientKey: string): RateLimitResult;
}

export function createRateLimiter(limitPerMinute: number, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  const prune = (at: number) => {
    for (const [key, times] of hits) {
      if ((times.at(-1) ?? 0) <= at - WINDOW_MS) hits.delete(key);
    }
  };
  return {
    take(clientKey) {
      const at = now();
      if (hits.size > MAX_TRACKED_CLIENTS) prune(at);
      const times = (hits.get(clientKey) ?? []).filter((time) => time > at - WINDOW_MS);
      if (times.length >= limitPerMinute) {
        hits.set(clientKey, times);
        const oldest = times[0] ?? at;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - at) / 1000)) };
      }
      times.push(at);
      hits.set(clientKey, times);
      return { ok: true };
    },
  };
}

const holder = globalThis as typeof globalThis & { __playgroundRateLimiters?: Map<number, RateLimiter> };

/**
 * The process-wide limiter for a given limit (one per distinct setting value). On globalThis, so every Next.js route
 * bundle (/api/responses, /api/responses/[id], /api/session …) takes from the same budget.
 */
export function sharedRateLimiter(limitPerMinute: number): RateLimiter {
  holder.__playgroundRateLimiters ??= new Map();
  let limiter = holder.__playgroundRateLimiters.get(limitPerMinute);
  if (!limiter) {
    limiter = createRateLimiter(limitPerMinute);
    holder.__playgroundRateLimiters.set(limitPerMinute, limiter);
  }
  return limiter;
}

/** Forgets every count of the process-wide limiters (tests start each case with a fresh budget). */
export function resetSharedRateLimiters(): void {
  holder.__playgroundRateLimiters?.clear();
}
