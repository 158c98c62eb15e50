// Deterministic ids and pseudo-random numbers derived from the response id (no Math.random, no clock).
import { hash } from 'node:crypto';

/** One-shot SHA-256: the same bytes as createHash(...).digest() without a Hash object per call (one per streamed delta). */
function digest(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/** `prefix_<32 hex>` from a hash of the response id, the output index and an optional salt. */
export function deriveId(prefix: string, responseId: string, index: number, salt = ''): string {
  return `${prefix}_${digest(`${responseId}\u0000${index}\u0000${salt}`).toString('hex').slice(0, 32)}`;
}

/** A stable unsigned 32-bit number for a text. */
export function hashNumber(text: string): number {
  return digest(text).readUInt32BE(0);
}

/** A stable fraction in [0, 1) for a text. */
export function hashFraction(text: string): number {
  return hashNumber(text) / 0x1_0000_0000;
}

/** Stable opaque base64 bytes (stand-in for encrypted blobs). */
export function opaqueBlob(seed: string, bytes: number): string {
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < bytes; i += 1) chunks.push(digest(`${seed}\u0000${i}`));
  return Buffer.concat(chunks).subarray(0, bytes).toString('base64');
}

const PAD_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Obfuscation padding that evens out delta payload sizes, for the deltas of one stream of events: one hash of the seed,
 * then each pad drawn from a small generator (mulberry32) started from it and the delta's position. Deterministic per seed
 * and position; a hash per delta cost more than building the rest of the event.
 */
export function obfuscationPads(seed: string): (position: number, deltaLength: number) => string {
  const base = digest(seed).readUInt32BE(0);
  return (position, deltaLength) => {
    let state = (base ^ Math.imul(position + 1, 0x9e3779b9)) | 0;
    const length = Math.max(2, 16 - deltaLength);
    let pad = '';
    for (let i = 0; i < length; i += 1) {
      state = (state + 0x6d2b79f5) | 0;
      let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      pad += PAD_ALPHABET[((mixed ^ (mixed >>> 14)) >>> 0) % PAD_ALPHABET.length];
    }
    return pad;
  };
}

/** One delta's padding (a replay adding it to stored events). */
export function obfuscationPad(seed: string, deltaLength: number): string {
  return obfuscationPads(seed)(0, deltaLength);
}
