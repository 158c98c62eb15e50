// Reading a create body within the gateway's size limit, whatever server mounts it (node:http or the Next route).
import { ApiError } from '@/lib/schema/errors';

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export function bodyTooLarge(): ApiError {
  return new ApiError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes.`, { code: 'request_too_large' });
}

/** The body as text, or 413 as soon as it passes MAX_BODY_BYTES (declared or streamed). */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
