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

/**
 * A byte stream with every secret replaced by REDACTED, also when a secret is split across chunks. Only a chunk's tail that
 * could begin a secret waits for the next chunk (an SSE record ends in a newline, which no key starts with, so records are not held).
 * `onEnd` is called once when the stream ends, fails or is cancelled (callGateway's audit entry), without a stream of its own.
 */
export function scrubStream(body: ReadableStream<Uint8Array>, secrets: readonly string[], onEnd?: () => void): ReadableStream<Uint8Array> {
  const needles = [...new Set(secrets.filter((secret) => secret.length > 0))].map((secret) => Buffer.from(secret));
  if (needles.length === 0 && !onEnd) return body;
  let pending: Buffer = Buffer.alloc(0);
  let isEnded = false;
  const ended = () => {
    if (isEnded) return;
    isEnded = true;
    onEnd?.();
  };
  const reader = body.getReader();
  // A pull stream over the body's reader rather than a TransformStream: one queue less per chunk on the proxy's hot path.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          let read: ReadableStreamReadResult<Uint8Array>;
          try {
            read = await reader.read();
          } catch (error) {
            ended();
            throw error;
          }
          const { value, done } = read;
          if (done) {
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
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
