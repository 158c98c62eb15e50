import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { explainSignature, fingerprintSecret } from '@/lib/webhooks/explain';

const SECRET = 'explain-secret-0123456789abcdef';
const compact = '{"id":"evt_1","type":"response.queued","data":{"id":"resp_1","status":"queued"}}';
const sign = (text: string) => `sha256=${createHmac('sha256', SECRET).update(text).digest('hex')}`;

describe('explainSignature', () => {
  it('describes a valid delivery without revealing the secret', () => {
    const receivedAt = new Date(1_700_000_005_000);
    const explanation = explainSignature(Buffer.from(compact), { 'x-webhook-signature': sign(compact), 'x-webhook-timestamp': '1700000000' }, SECRET, receivedAt);
    expect(explanation).toMatchObject({
      isValid: true,
      encoding: 'sha256=hex',
      bodyLength: Buffer.byteLength(compact),
      bodySha256: createHash('sha256').update(compact).digest('hex'),
      secretFingerprint: createHash('sha256').update(SECRET).digest('hex').slice(0, 8),
      timestampHeader: 'x-webhook-timestamp',
      timestampSkewMs: 5_000,
      reserialized: { isJson: true, differsFromRaw: false, looksReserialized: false },
    });
    expect(JSON.stringify(explanation)).not.toContain(SECRET);
    expect(fingerprintSecret(SECRET)).toHaveLength(8);
  });

  it('flags a body that a relay re-serialized after signing', () => {
    const pretty = JSON.stringify(JSON.parse(compact), null, 2);
    const explanation = explainSignature(Buffer.from(pretty), { 'x-webhook-signature': sign(compact) }, SECRET, new Date());
    expect(explanation.isValid).toBe(false);
    expect(explanation.reserialized).toEqual({ isJson: true, differsFromRaw: true, looksReserialized: true });
    expect(explanation.receivedHex).not.toBe(explanation.expectedHex);
  });

  it('does not call a plain tamper re-serialization', () => {
    const tampered = compact.replace('queued', 'failed');
    const explanation = explainSignature(Buffer.from(tampered), { 'x-webhook-signature': sign(compact) }, SECRET, new Date());
    expect(explanation.reserialized.looksReserialized).toBe(false);
    expect(explanation.timestampSkewMs).toBeNull();
  });
});
