import { describe, expect, it } from 'vitest';
import { readDeliveryEvent } from '@/lib/webhooks/event';
import { CaptureRateLimiter } from '@/lib/webhooks/rate-limit';
import { checkReplayTarget } from '@/lib/webhooks/replay-target';

describe('readDeliveryEvent', () => {
  it('reads thin events, full response objects, and shrugs at anything else', () => {
    const thin = Buffer.from('{"type":"response.in_progress","created_at":1700000000,"data":{"id":"resp_1","status":"in_progress"}}');
    expect(readDeliveryEvent(thin)).toEqual({ responseId: 'resp_1', eventType: 'response.in_progress', reportedStatus: 'in_progress', eventCreatedAtMs: 1_700_000_000_000 });
    expect(readDeliveryEvent(Buffer.from('{"type":"response.completed","data":{"id":"resp_2"}}')).reportedStatus).toBe('completed');
    expect(readDeliveryEvent(Buffer.from('{"object":"response","id":"resp_3","status":"failed"}'))).toMatchObject({ responseId: 'resp_3', reportedStatus: 'failed' });
    expect(readDeliveryEvent(Buffer.from('not json'))).toEqual({ responseId: null, eventType: null, reportedStatus: null, eventCreatedAtMs: null });
  });
});

describe('CaptureRateLimiter', () => {
  it('allows the limit per second per capture, then asks to retry after the window', () => {
    const limiter = new CaptureRateLimiter(2);
    expect([limiter.take('a', 0), limiter.take('a', 10), limiter.take('b', 20)].every((decision) => decision.isAllowed)).toBe(true);
    expect(limiter.take('a', 500)).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('a', 1_000).isAllowed).toBe(true);
  });
});

describe('checkReplayTarget', () => {
  const policy = {
    ownReceivers: ['http://127.0.0.1:4550/api/webhooks/cap_1', 'https://playground.example.com/api/webhooks/cap_1'],
    allow: ['https://hooks.example.com/in/', '*.internal.example', 'localhost:8788'],
  };
  it("allows the capture's own receiver and WEBHOOK_REPLAY_ALLOW entries only", () => {
    for (const target of [
      'http://127.0.0.1:4550/api/webhooks/cap_1',
      'https://playground.example.com/api/webhooks/cap_1?again=1',
      'https://hooks.example.com/in/orders',
      'https://ci.internal.example/hook',
      'http://localhost:8788/anything',
    ]) {
      expect(checkReplayTarget(target, policy), target).toMatchObject({ isAllowed: true });
    }
  });

  it('refuses other captures, other loopback ports and paths, other hosts, credentials and other schemes, naming the setting', () => {
    for (const target of [
      'http://127.0.0.1:4550/api/webhooks/cap_2',
      'http://127.0.0.1:5432/',
      'http://localhost:9/x',
      'http://[::1]:80/',
      'https://hooks.example.com/other',
      'https://evil.example.com/',
      'http://10.0.0.1/',
      'ftp://127.0.0.1/',
      'http://user:pw@127.0.0.1:4550/api/webhooks/cap_1',
      'not a url',
    ]) {
      expect(checkReplayTarget(target, policy).isAllowed, target).toBe(false);
    }
    expect(checkReplayTarget('http://127.0.0.1:5432/', policy)).toEqual({
      isAllowed: false,
      message: "target must be this capture's own receiver (https://playground.example.com/api/webhooks/cap_1) or match WEBHOOK_REPLAY_ALLOW",
    });
  });
});
