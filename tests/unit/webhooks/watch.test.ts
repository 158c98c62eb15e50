import { describe, expect, it } from 'vitest';
import { captureIdOfUrl, judgeCaptureWatch, WEBHOOK_SILENCE_MS } from '@/lib/webhooks/watch';

describe('captureIdOfUrl', () => {
  it('reads the capture id from the path, whatever origin is in front', () => {
    expect(captureIdOfUrl('http://127.0.0.1:3000/api/webhooks/cap_0123abcd')).toBe('cap_0123abcd');
    expect(captureIdOfUrl('https://abc.tunnel.example/api/webhooks/cap_0123abcd/')).toBe('cap_0123abcd');
    expect(captureIdOfUrl('https://abc.tunnel.example/prefix/api/webhooks/cap%5Fx?x=1')).toBe('cap_x');
  });

  it('is null for other URLs and text that is not a URL', () => {
    expect(captureIdOfUrl('https://hooks.example/receive')).toBeNull();
    expect(captureIdOfUrl('https://hooks.example/api/webhooks/cap_1/deliveries')).toBeNull();
    expect(captureIdOfUrl('/api/webhooks/cap_1')).toBeNull();
    expect(captureIdOfUrl('https://hooks.example/api/webhooks/%E0%A4%A')).toBeNull();
  });
});

describe('judgeCaptureWatch', () => {
  const sent = new Date('2025-01-01T12:00:00Z');
  const after = (ms: number) => new Date(sent.getTime() + ms);

  it('waits a minute, then calls the capture silent', () => {
    expect(judgeCaptureWatch(null, null, after(WEBHOOK_SILENCE_MS * 10))).toBe('no_runs');
    expect(judgeCaptureWatch(sent, null, after(WEBHOOK_SILENCE_MS - 1))).toBe('waiting');
    expect(judgeCaptureWatch(sent, null, after(WEBHOOK_SILENCE_MS))).toBe('silent');
  });

  it('counts a delivery since the run, or a few seconds before it (the history is written after the reply)', () => {
    expect(judgeCaptureWatch(sent, after(500), after(WEBHOOK_SILENCE_MS * 2))).toBe('delivered');
    expect(judgeCaptureWatch(sent, after(-5_000), after(WEBHOOK_SILENCE_MS * 2))).toBe('delivered');
    expect(judgeCaptureWatch(sent, after(-60_000), after(WEBHOOK_SILENCE_MS * 2))).toBe('silent');
  });
});
