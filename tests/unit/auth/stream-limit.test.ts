// The per-client cap on streams open through the proxy.
import { describe, expect, it } from 'vitest';
import { createStreamLimiter } from '@/lib/auth/stream-limit';

describe('stream limiter', () => {
  it('gives at most the cap per client and frees a slot on release (once)', () => {
    const limiter = createStreamLimiter(2);
    const first = limiter.acquire('a');
    const second = limiter.acquire('a');
    expect(first && second).toBeTruthy();
    expect(limiter.acquire('a')).toBeNull();
    expect(limiter.acquire('b')).not.toBeNull();
    first?.();
    first?.();
    expect(limiter.openStreams('a')).toBe(1);
    expect(limiter.acquire('a')).not.toBeNull();
    expect(limiter.acquire('a')).toBeNull();
  });

  it('has no cap at 0', () => {
    const limiter = createStreamLimiter(0);
    for (let index = 0; index < 50; index++) expect(limiter.acquire('a')).not.toBeNull();
  });
});
