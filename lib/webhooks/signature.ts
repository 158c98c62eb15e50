// Verifies webhook signatures over the raw body bytes in every encoding a tolerant receiver accepts (pure, no server-only).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureEncoding = 'hex' | 'sha256=hex' | 'base64' | 'base64url' | 'standard-webhooks-v1' | 'stripe-v1' | 'slack-v0';
export type SignedContent = 'body' | 'timestamp.body' | 'id.timestamp.body' | 'v0:timestamp:body';
export type KeyForm = 'utf8' | 'whsec-base64';

/** Lower-cased header names mapped to values. */
export type HeaderMap = Record<string, string>;

export interface SignatureCheck {
  isValid: boolean;
  header: string | null;
  encoding: SignatureEncoding | null;
  signedContent: SignedContent | null;
  keyForm: KeyForm | null;
  receivedHex: string | null;
  /** HMAC of what the matched (or first recognised) form signs, with the secret as UTF-8, in hex. */
  expectedHex: string | null;
  problem: 'no-signature-header' | 'unrecognised-encoding' | 'missing-timestamp' | 'digest-mismatch' | null;
}

interface Candidate {
  header: string;
  encoding: SignatureEncoding;
  digest: Buffer;
  prefixes: { content: SignedContent; prefix: string }[];
}

export const SIGNATURE_HEADERS = ['x-webhook-signature', 'webhook-signature', 'svix-signature', 'stripe-signature', 'x-slack-signature', 'x-hub-signature-256'] as const;

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const BASE64_32 = /^[A-Za-z0-9+/_-]{43}=?$/;

export function toHeaderMap(headers: Headers | Record<string, string | undefined>): HeaderMap {
  const map: HeaderMap = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) if (typeof value === 'string') map[name.toLowerCase()] = value;
  return map;
}

/** The HMAC keys a secret stands for: its UTF-8 bytes and, for `whsec_…`, the base64-decoded remainder. */
export function secretKeys(secret: string): { form: KeyForm; key: Buffer }[] {
  const keys: { form: KeyForm; key: Buffer }[] = [{ form: 'utf8', key: Buffer.from(secret, 'utf8') }];
  if (secret.startsWith('whsec_')) {
    const decoded = Buffer.from(secret.slice('whsec_'.length), 'base64');
    if (decoded.length > 0) keys.push({ form: 'whsec-base64', key: decoded });
  }
  return keys;
}

/** Compares two digests in constant time; a length mismatch is a plain false (the length is not secret). */
export function digestsMatch(expected: Buffer, received: Buffer): boolean {
  if (expected.length !== received.length) return false;
  return timingSafeEqual(expected, received);
}

export function hmacSha256(key: Buffer, prefix: string, body: Uint8Array): Buffer {
  return createHmac('sha256', key).update(prefix, 'utf8').update(body).digest();
}

function decodeBase64Digest(value: string): Buffer | null {
  if (!BASE64_32.test(value)) return null;
  const normal = value.replace(/-/g, '+').replace(/_/g, '/');
  const digest = Buffer.from(normal, 'base64');
  return digest.length === 32 ? digest : null;
}

function bodyPrefixes(id: string | undefined, timestamp: string | undefined): Candidate['prefixes'] {
  const prefixes: Candidate['prefixes'] = [{ content: 'body', prefix: '' }];
  if (timestamp) prefixes.push({ content: 'timestamp.body', prefix: `${timestamp}.` });
  if (id && timestamp) prefixes.push({ content: 'id.timestamp.body', prefix: `${id}.${timestamp}.` });
  return prefixes;
}

/** Reads one signature header value into the digests it carries and what each one signs. */
export function parseSignatureHeader(header: string, rawValue: string, headers: HeaderMap): Candidate[] | 'unrecognised' | 'missing-timestamp' {
  const value = rawValue.trim();
  if (/(^|,)\s*t=/.test(value) && /(^|,)\s*v[01]=/.test(value)) {
    const fields = value.split(',').map((part) => part.trim().split('=') as [string, string?]);
    const timestamp = fields.find(([key]) => key === 't')?.[1];
    if (!timestamp) return 'missing-timestamp';
    const digests = fields.filter(([key, digest]) => (key === 'v1' || key === 'v0') && digest && HEX_64.test(digest));
    return digests.map(([, digest]) => ({
      header,
      encoding: 'stripe-v1' as const,
      digest: Buffer.from(digest ?? '', 'hex'),
      prefixes: [{ content: 'timestamp.body' as const, prefix: `${timestamp}.` }],
    }));
  }
  if (/^v0=/.test(value)) {
    const digest = value.slice(3);
    const timestamp = headers['x-slack-request-timestamp'] ?? headers['x-webhook-timestamp'];
    if (!HEX_64.test(digest)) return 'unrecognised';
    if (!timestamp) return 'missing-timestamp';
    return [{ header, encoding: 'slack-v0', digest: Buffer.from(digest, 'hex'), prefixes: [{ content: 'v0:timestamp:body', prefix: `v0:${timestamp}:` }] }];
  }
  if (/(^|\s)v1,/.test(value)) {
    const id = headers['webhook-id'] ?? headers['svix-id'] ?? headers['x-webhook-id'];
    const timestamp = headers['webhook-timestamp'] ?? headers['svix-timestamp'] ?? headers['x-webhook-timestamp'];
    if (!id || !timestamp) return 'missing-timestamp';
    const candidates: Candidate[] = [];
    for (const part of value.split(/\s+/)) {
      if (!part.startsWith('v1,')) continue;
      const digest = decodeBase64Digest(part.slice(3));
      if (digest) candidates.push({ header, encoding: 'standard-webhooks-v1', digest, prefixes: [{ content: 'id.timestamp.body', prefix: `${id}.${timestamp}.` }] });
    }
    return candidates.length ? candidates : 'unrecognised';
  }
  const prefixes = bodyPrefixes(headers['x-webhook-id'], headers['x-webhook-timestamp']);
  const shaPrefixed = /^sha256=/i.test(value) ? value.slice('sha256='.length) : null;
  if (shaPrefixed !== null) {
    return HEX_64.test(shaPrefixed) ? [{ header, encoding: 'sha256=hex', digest: Buffer.from(shaPrefixed, 'hex'), prefixes }] : 'unrecognised';
  }
  if (HEX_64.test(value)) return [{ header, encoding: 'hex', digest: Buffer.from(value, 'hex'), prefixes }];
  const digest = decodeBase64Digest(value);
  if (digest) return [{ header, encoding: /[-_]/.test(value) ? 'base64url' : 'base64', digest, prefixes }];
  return 'unrecognised';
}

/** Checks every signature header present against the secret over the raw body; valid when any form matches. */
export function verifySignature(rawBody: Uint8Array, headers: HeaderMap, secret: string): SignatureCheck {
  const keys = secretKeys(secret);
  const utf8Key = keys[0]!.key;
  let firstRecognised: SignatureCheck | null = null;
  let problem: SignatureCheck['problem'] = 'no-signature-header';
  for (const header of SIGNATURE_HEADERS) {
    const value = headers[header];
    if (value === undefined) continue;
    const parsed = parseSignatureHeader(header, value, headers);
    if (parsed === 'unrecognised' || parsed === 'missing-timestamp') {
      if (problem === 'no-signature-header') problem = parsed === 'unrecognised' ? 'unrecognised-encoding' : 'missing-timestamp';
      continue;
    }
    for (const candidate of parsed) {
      for (const { content, prefix } of candidate.prefixes) {
        for (const { form, key } of keys) {
          const expected = hmacSha256(key, prefix, rawBody);
          if (digestsMatch(expected, candidate.digest)) {
            return describe(candidate, content, form, expected, true, null);
          }
        }
      }
      const first = candidate.prefixes[0]!;
      firstRecognised ??= describe(candidate, first.content, null, hmacSha256(utf8Key, first.prefix, rawBody), false, 'digest-mismatch');
    }
  }
  return (
    firstRecognised ?? {
      isValid: false,
      header: null,
      encoding: null,
      signedContent: null,
      keyForm: null,
      receivedHex: null,
      expectedHex: null,
      problem,
    }
  );
}

function describe(
  candidate: Candidate,
  content: SignedContent,
  keyForm: KeyForm | null,
  expected: Buffer,
  isValid: boolean,
  problem: SignatureCheck['problem'],
): SignatureCheck {
  return {
    isValid,
    header: candidate.header,
    encoding: candidate.encoding,
    signedContent: content,
    keyForm,
    receivedHex: candidate.digest.toString('hex'),
    expectedHex: expected.toString('hex'),
    problem,
  };
}
