import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWebhookTargetAllowed, signWebhookBody } from '@/lib/local-gateway/webhooks';

const policy = { publicOrigin: 'https://play.example.com', allow: ['https://hooks.example.org', 'relay.internal', '*.trusted.dev'] };

describe('webhook targets', () => {
  it.each([
    ['http://127.0.0.1:4100/hooks', true],
    ['http://localhost:3000/api/webhooks/x', true],
    ['http://[::1]:9000/', true],
    ['https://play.example.com/api/webhooks/abc', true],
    ['https://hooks.example.org/in', true],
    ['http://relay.internal:8080/x', true],
    ['https://a.trusted.dev/x', true],
    ['https://evil.example.com/', false],
    ['https://play.example.com.evil.io/', false],
    ['ftp://127.0.0.1/x', false],
    ['http://user:pw@127.0.0.1/x', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isWebhookTargetAllowed(url, policy)).toBe(allowed);
  });

  it('signs as sha256=<hex HMAC-SHA256(secret, raw body)>', () => {
    const body = '{"id":"evt_1"}';
    const expected = createHmac('sha256', 'whsec-test-secret-123').update(body).digest('hex');
    expect(signWebhookBody('whsec-test-secret-123', body)).toBe(`sha256=${expected}`);
  });
});
