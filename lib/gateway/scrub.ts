// Removes server secrets from what comes back from the gateway before anyone reads it: byte streams, across chunk boundaries (used by callGateway).
import 'server-only';
import type { ByteSource } from './http-call';

export const REDACTED = '[redacted]';

const REDACTED_BYTES = Buffer.from(REDACTED);

function replaceAll(bytes: Buffer, secret: Buffer): Buffer {
  let at = bytes.indexOf(secret);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(from, at), REDACTED_BYTES);
    from = at + secret.length;
    at = bytes.indexOf(secret, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** How many trailing bytes could be the start of a secret that the next chunk completes (only a tail starting with a secret's first byte can). */
function heldBackLength(bytes: Buffer, secrets: readonly Buffer[]): number {
  let longest = 0;
  for (const secret of secrets) {
    const first = secret[0]!;
    for (let at = bytes.indexOf(first, Math.max(0, bytes.length - secret.length + 1)); at !== -1; at = bytes.indexOf(first, at + 1)) {
      const length = bytes.length - at;
      if (length <= longest) break;
      if (bytes.compare(secret, 0, length, at) === 0) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** A web stream's reader as a ByteSource (what scrubSource reads). */
export function webByteSource(body: ReadableStream<Uint8Array>): ByteSource {
  const reader = body.getReader();
  return {
    async read() {
      const { value, done } = await reader.read();
      return done ? null : value;
    },
    cancel: (reason) => reader.cancel(reason),
  };
}

/**
 * A byte stream with every secret replaced by REDACTED, also when a secret is split across chunks. Only a chunk's tail that
 * could begin a secret waits for the next chunk (an SSE record ends in a newline, which no key starts with, so records are not held).
 * `onEnd` is called once when the stream ends, fails or is cancelled (callGateway's audit entry), without a stream of its own.
 */
export function scrubStream(body: ReadableStream<Uint8Array>, secrets: readonly string[], onEnd?: () => void): ReadableStream<Uint8Array> {
  if (!onEnd && !secrets.some((secret) => secret.length > 0)) return body;
  return scrubSource(webByteSource(body), secrets, onEnd);
}

/** scrubStream over any ByteSource (callGateway reads the gateway's node:http reply through it, with no web stream before ours). */
export function scrubSource(source: ByteSource, secrets: readonly string[], onEnd?: () => void): ReadableStream<Uint8Array> {
  const needles = [...new Set(secrets.filter((secret) => secret.length > 0))].map((secret) => Buffer.from(secret));
  let pending: Buffer = Buffer.alloc(0);
  let isEnded = false;
  const ended = () => {
    if (isEnded) return;
    isEnded = true;
    onEnd?.();
  };
  // A pull stream over the source rather than a TransformStream: one queue less per chunk on the proxy's hot path.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          let value: Uint8Array | null;
          try {
            value = await source.read();
          } catch (error) {
            ended();
            throw error;
          }
          if (value === null) {
            if (pending.length > 0) controller.enqueue(new Uint8Array(pending));
            ended();
            controller.close();
            return;
          }
          if (needles.length === 0) {
            controller.enqueue(value);
            return;
          }
          let bytes = pending.length > 0 ? Buffer.concat([pending, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
          for (const needle of needles) bytes = replaceAll(bytes, needle);
          const held = heldBackLength(bytes, needles);
          pending = Buffer.from(bytes.subarray(bytes.length - held));
          if (bytes.length - held > 0) {
            controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length - held));
            return;
          }
        }
      },
      cancel(reason) {
        ended();
        return source.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
