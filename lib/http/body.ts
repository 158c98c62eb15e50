// The one bounded reader of request bodies: a byte cap checked on Content-Length and while counting, 413 beyond it.
// No 'server-only': the standalone local gateway (npm run gateway) reads its bodies here too.
import { ApiError } from '@/lib/schema/errors';

/** A cap on a body and the name a user can look up (a setting, or which fixed limit it is). */
export interface BodyLimit {
  bytes: number;
  name: string;
}

/** The one 413: `request_too_large`, naming the limit in bytes and what sets it. */
export function bodyTooLarge(limit: BodyLimit): ApiError {
  return new ApiError(413, `The request body is larger than ${limit.bytes} bytes (${limit.name}).`, { code: 'request_too_large' });
}

/** The body's bytes; 413 when Content-Length says more than the limit or once more has been read (the rest is cancelled). */
export async function readBodyBytes(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit.bytes) throw bodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit.bytes) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, within the same limit. */
export async function readBodyText(request: Request, limit: BodyLimit): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
