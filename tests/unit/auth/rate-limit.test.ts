// The proxy's per-client sliding-window rate limit and client key.
import { describe, expect, it } from 'vitest';
import { clientKeyOf, createRateLimiter } from '@/lib/auth/rate-limit';

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

  it('keys on the first X-Forwarded-For entry, then X-Real-IP, then local', () => {
    expect(clientKeyOf(new Headers({ 'x-forwarded-for': ' 203.0.113.9 , 10.0.0.1', 'x-real-ip': '10.1.1.1' }))).toBe('203.0.113.9');
    expect(clientKeyOf(new Headers({ 'x-real-ip': '10.1.1.1' }))).toBe('10.1.1.1');
    expect(clientKeyOf(new Headers())).toBe('local');
  });
});
