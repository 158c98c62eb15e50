// Explains a delivery's signature verdict: digests, encoding, body hash, secret fingerprint, timestamp skew, re-serialization (pure).
import { createHash } from 'node:crypto';
import { verifySignature, type HeaderMap, type SignatureCheck } from './signature';
import type { SnakeCased } from '@/lib/http/snake-case';

export interface SignatureExplanation extends SignatureCheck {
  bodyLength: number;
  bodySha256: string;
  /** First 8 hex characters of SHA-256 of the secret: enough to tell secrets apart, never the secret. */
  secretFingerprint: string;
  timestampHeader: string | null;
  /** Received time minus the sender's timestamp; positive means the delivery arrived after it was stamped. */
  timestampSkewMs: number | null;
  reserialized: {
    isJson: boolean;
    differsFromRaw: boolean;
    /** The signature fails over the raw bytes but matches over JSON.stringify(JSON.parse(body)). */
    looksReserialized: boolean;
  };
}

const TIMESTAMP_HEADERS = ['x-webhook-timestamp', 'webhook-timestamp', 'svix-timestamp', 'x-slack-request-timestamp'] as const;

export function fingerprintSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 8);
}

/** Unix seconds or milliseconds, as senders use both. */
export function parseTimestampMs(value: string): number | null {
  if (!/^\d{1,16}$/.test(value.trim())) return null;
  const number = Number(value);
  return number < 1e12 ? number * 1000 : number;
}

function findTimestamp(headers: HeaderMap): { header: string; ms: number } | null {
  for (const header of TIMESTAMP_HEADERS) {
    const value = headers[header];
    const ms = value === undefined ? null : parseTimestampMs(value);
    if (ms !== null) return { header, ms };
  }
  const stripe = headers['stripe-signature']?.match(/(?:^|,)\s*t=(\d+)/)?.[1];
  const ms = stripe ? parseTimestampMs(stripe) : null;
  return ms === null ? null : { header: 'stripe-signature', ms };
}

function checkReserialized(rawBody: Uint8Array, headers: HeaderMap, secret: string, isValid: boolean): SignatureExplanation['reserialized'] {
  const text = Buffer.from(rawBody).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { isJson: false, differsFromRaw: false, looksReserialized: false };
  }
  const forms = [JSON.stringify(parsed), JSON.stringify(parsed, null, 2)];
  const differsFromRaw = forms[0] !== text;
  const looksReserialized =
    !isValid && forms.some((form) => form !== text && verifySignature(Buffer.from(form, 'utf8'), headers, secret).isValid);
  return { isJson: true, differsFromRaw, looksReserialized };
}

export function explainSignature(rawBody: Uint8Array, headers: HeaderMap, secret: string, receivedAt: Date): SignatureExplanation {
  const check = verifySignature(rawBody, headers, secret);
  const timestamp = findTimestamp(headers);
  return {
    ...check,
    bodyLength: rawBody.byteLength,
    bodySha256: createHash('sha256').update(rawBody).digest('hex'),
    secretFingerprint: fingerprintSecret(secret),
    timestampHeader: timestamp?.header ?? null,
    timestampSkewMs: timestamp ? receivedAt.getTime() - timestamp.ms : null,
    reserialized: checkReserialized(rawBody, headers, secret, check.isValid),
  };
}

/** As the webhooks API sends it. */
export type SignatureExplanationReply = SnakeCased<SignatureExplanation>;
