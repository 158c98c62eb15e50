// Per-capture flood limit: a fixed one-second window counted in memory (pure; one limiter per process).
export const DELIVERIES_PER_SECOND = 100;

export type RateDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

export class CaptureRateLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();

  constructor(private readonly limitPerSecond = DELIVERIES_PER_SECOND) {}

  take(key: string, nowMs = Date.now()): RateDecision {
    const window = this.windows.get(key);
    if (!window || nowMs - window.startMs >= 1_000) {
      if (this.windows.size > 10_000) this.prune(nowMs);
      this.windows.set(key, { startMs: nowMs, count: 1 });
      return { isAllowed: true };
    }
    window.count += 1;
    if (window.count <= this.limitPerSecond) return { isAllowed: true };
    return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startMs + 1_000 - nowMs) / 1_000)) };
  }

  private prune(nowMs: number) {
    for (const [key, window] of this.windows) if (nowMs - window.startMs >= 1_000) this.windows.delete(key);
  }
}
