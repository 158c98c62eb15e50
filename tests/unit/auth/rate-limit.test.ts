// The proxy's per-client sliding-window rate limit.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '@/lib/auth/rate-limit';

describe('rate limit', () => {
  it('allows the limit per minute per client, then says when to retry', () => {
    let now = 0;
    const limiter = createRateLimiter(2, () => now);
    expect(limiter.take('a')).toEqual({ ok: true });
    now = 20_000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(limiter.take('b')).toEqual({ ok: true });
    now = 60_001;
    expect(limiter.take('a')).toEqual({ ok: true });
  });
});
