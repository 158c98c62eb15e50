import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const crypto = await import('node:crypto');
const { verifySignature, digestsMatch } = await import('@/lib/webhooks/signature');

const SECRET = 'test-secret-for-signatures-0123456789';
const body = Buffer.from('{"id":"evt_1","object":"event","type":"response.completed","created_at":1700000000,"data":{"id":"resp_1","status":"completed"}}');
const ID = 'wh_123';
const TS = '1700000000';

function mac(key: string | Buffer, message: string | Buffer): Buffer {
  return createHmac('sha256', key).update(message).digest();
}
const overBody = mac(SECRET, body);
const overIdTsBody = mac(SECRET, Buffer.concat([Buffer.from(`${ID}.${TS}.`), body]));
const overTsBody = mac(SECRET, Buffer.concat([Buffer.from(`${TS}.`), body]));
const base = { 'x-webhook-id': ID, 'x-webhook-timestamp': TS };

const cases: { name: string; headers: Record<string, string>; encoding: string; content: string }[] = [
  { name: 'bare lowercase hex', headers: { ...base, 'x-webhook-signature': overBody.toString('hex') }, encoding: 'hex', content: 'body' },
  { name: 'bare uppercase hex', headers: { ...base, 'x-webhook-signature': overBody.toString('hex').toUpperCase() }, encoding: 'hex', content: 'body' },
  { name: 'sha256=<hex>', headers: { ...base, 'x-webhook-signature': `sha256=${overBody.toString('hex')}` }, encoding: 'sha256=hex', content: 'body' },
  { name: 'GitHub X-Hub-Signature-256', headers: { 'x-hub-signature-256': `sha256=${overBody.toString('hex')}` }, encoding: 'sha256=hex', content: 'body' },
  { name: 'padded base64', headers: { ...base, 'x-webhook-signature': overBody.toString('base64') }, encoding: 'base64', content: 'body' },
  { name: 'unpadded base64', headers: { ...base, 'x-webhook-signature': overBody.toString('base64').replace(/=+$/, '') }, encoding: 'base64', content: 'body' },
  { name: 'URL-safe base64', headers: { ...base, 'x-webhook-signature': overBody.toString('base64url') }, encoding: 'base64url', content: 'body' },
  { name: 'hex over timestamp.body', headers: { ...base, 'x-webhook-signature': overTsBody.toString('hex') }, encoding: 'hex', content: 'timestamp.body' },
  {
    name: 'Standard Webhooks v1 list',
    headers: { 'webhook-id': ID, 'webhook-timestamp': TS, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} v1,${overIdTsBody.toString('base64')}` },
    encoding: 'standard-webhooks-v1',
    content: 'id.timestamp.body',
  },
  { name: 'Svix headers', headers: { 'svix-id': ID, 'svix-timestamp': TS, 'svix-signature': `v1,${overIdTsBody.toString('base64')}` }, encoding: 'standard-webhooks-v1', content: 'id.timestamp.body' },
  { name: 'Stripe t=,v1=', headers: { 'stripe-signature': `t=${TS},v1=${overTsBody.toString('hex')}` }, encoding: 'stripe-v1', content: 'timestamp.body' },
  {
    name: 'Slack v0=',
    headers: { 'x-slack-request-timestamp': TS, 'x-slack-signature': `v0=${mac(SECRET, Buffer.concat([Buffer.from(`v0:${TS}:`), body])).toString('hex')}` },
    encoding: 'slack-v0',
    content: 'v0:timestamp:body',
  },
];

describe('verifySignature', () => {
  it.each(cases)('accepts $name and names the encoding', ({ headers, encoding, content }) => {
    const check = verifySignature(body, headers, SECRET);
    expect(check).toMatchObject({ isValid: true, encoding, signedContent: content, keyForm: 'utf8', problem: null });
  });

  it.each(cases)('rejects $name over a tampered body', ({ headers, encoding }) => {
    const tampered = Buffer.from(body.toString().replace('completed', 'failed!!!'));
    const check = verifySignature(tampered, headers, SECRET);
    expect(check).toMatchObject({ isValid: false, encoding, problem: 'digest-mismatch' });
    expect(check.expectedHex).not.toBe(check.receivedHex);
  });

  it.each(cases)('rejects $name with the wrong secret', ({ headers }) => {
    expect(verifySignature(body, headers, 'another-secret-entirely-0000').isValid).toBe(false);
  });

  it('accepts a whsec_ key by its base64-decoded remainder', () => {
    const raw = Buffer.from('0123456789abcdef0123456789abcdef');
    const secret = `whsec_${raw.toString('base64')}`;
    const signature = mac(raw, Buffer.concat([Buffer.from(`${ID}.${TS}.`), body])).toString('base64');
    const check = verifySignature(body, { 'webhook-id': ID, 'webhook-timestamp': TS, 'webhook-signature': `v1,${signature}` }, secret);
    expect(check).toMatchObject({ isValid: true, keyForm: 'whsec-base64' });
  });

  it('accepts a whsec_ string used as-is (Stripe style)', () => {
    const secret = 'whsec_plainStripeStyleSecret';
    const signature = mac(secret, Buffer.concat([Buffer.from(`${TS}.`), body])).toString('hex');
    expect(verifySignature(body, { 'stripe-signature': `t=${TS},v1=${signature}` }, secret)).toMatchObject({ isValid: true, keyForm: 'utf8' });
  });

  it('reports a missing header, an unrecognised value and a missing timestamp', () => {
    expect(verifySignature(body, {}, SECRET).problem).toBe('no-signature-header');
    expect(verifySignature(body, { 'x-webhook-signature': 'nonsense' }, SECRET).problem).toBe('unrecognised-encoding');
    expect(verifySignature(body, { 'webhook-signature': `v1,${overIdTsBody.toString('base64')}` }, SECRET).problem).toBe('missing-timestamp');
  });

  it('compares equal-length buffers with timingSafeEqual and refuses other lengths without it', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    expect(verifySignature(body, { 'x-webhook-signature': `sha256=${overBody.toString('hex')}` }, SECRET).isValid).toBe(true);
    expect(spy).toHaveBeenCalled();
    for (const [a, b] of spy.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
    spy.mockClear();
    expect(digestsMatch(overBody, overBody.subarray(0, 31))).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
