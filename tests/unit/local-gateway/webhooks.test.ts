import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createWebhookSender, isWebhookTargetAllowed, signWebhookBody } from '@/lib/local-gateway/webhooks';

const policy = { publicOrigin: 'http://127.0.0.1:3000', allow: ['https://hooks.example.org', 'relay.internal', '*.trusted.dev', 'http://127.0.0.1:4100/hooks'] };

describe('webhook targets', () => {
  it.each([
    ['http://127.0.0.1:3000/api/webhooks/abc', true],
    ['https://hooks.example.org/in', true],
    ['http://relay.internal:8080/x', true],
    ['https://a.trusted.dev/x', true],
    ['http://127.0.0.1:4100/hooks/1', true],
    ['http://127.0.0.1:4100/other', false],
    ['http://127.0.0.1:5432/', false],
    ['http://localhost:3000/api/webhooks/x', false],
    ['http://[::1]:9000/', false],
    ['http://127.0.0.2:3000/', false],
    ['https://evil.example.com/', false],
    ['http://127.0.0.1:3000.evil.io/', false],
    ['ftp://127.0.0.1:3000/x', false],
    ['http://user:pw@127.0.0.1:3000/x', false],
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

describe('webhook retries', () => {
  it('retries many times without piling up abort listeners (no MaxListenersExceededWarning)', async () => {
    let attempts = 0;
    const server = http.createServer((_req, res) => {
      attempts += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const sender = createWebhookSender({ publicOrigin: url, allow: [] }, Array.from({ length: 14 }, () => 1));
    try {
      sender.notify('resp_1', { url, secret: null }, 'completed');
      const deadline = Date.now() + 15_000;
      while (attempts < 15 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(attempts).toBe(15);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      sender.close();
      process.off('warning', onWarning);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
