// Removes server secrets from what comes back from the gateway before anyone reads it: byte streams, across chunk boundaries (used by callGateway).
import 'server-only';

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

/** How many trailing bytes could be the start of a secret that the next chunk completes. */
function heldBackLength(bytes: Buffer, secrets: readonly Buffer[]): number {
  let longest = 0;
  for (const secret of secrets) {
    for (let length = Math.min(secret.length - 1, bytes.length); length > longest; length--) {
      if (bytes.subarray(bytes.length - length).equals(secret.subarray(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * A byte stream with every secret replaced by REDACTED, also when a secret is split across chunks. Only a chunk's tail that
 * could begin a secret waits for the next chunk (an SSE record ends in a newline, which no key starts with, so records are not held).
 */
export function scrubStream(body: ReadableStream<Uint8Array>, secrets: readonly string[]): ReadableStream<Uint8Array> {
  const needles = secrets.filter((secret) => secret.length > 0).map((secret) => Buffer.from(secret));
  if (needles.length === 0) return body;
  let pending: Buffer = Buffer.alloc(0);
  const reader = body.getReader();
  // A pull stream over the body's reader rather than a TransformStream: one queue less per chunk on the proxy's hot path.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            if (pending.length > 0) controller.enqueue(new Uint8Array(pending));
            controller.close();
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
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
