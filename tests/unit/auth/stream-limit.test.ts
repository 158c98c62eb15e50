// The per-client cap on streams open through the proxy.
import { describe, expect, it } from 'vitest';
import { createStreamLimiter, releaseWhenDone } from '@/lib/auth/stream-limit';

function source(chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

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

  it('releases when the stream is read to its end, and when the reader cancels it', async () => {
    const limiter = createStreamLimiter(1);
    const release = limiter.acquire('a');
    expect(await new Response(releaseWhenDone(source(['x', 'y']), release!)).text()).toBe('xy');
    expect(limiter.openStreams('a')).toBe(0);
    const again = limiter.acquire('a');
    const reader = releaseWhenDone(source(['x', 'y']), again!).getReader();
    await reader.read();
    expect(limiter.openStreams('a')).toBe(1);
    await reader.cancel();
    expect(limiter.openStreams('a')).toBe(0);
  });
});
