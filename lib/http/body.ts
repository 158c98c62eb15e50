// Reads a request body as text within a byte limit (by Content-Length and by counting while reading).
import 'server-only';
import { ApiError } from '@/lib/schema/errors';

function tooLarge(limitBytes: number): ApiError {
  return new ApiError(413, `The request body is larger than ${limitBytes} bytes (PROXY_BODY_LIMIT_BYTES).`, { code: 'request_too_large' });
}

/** The body as text, refusing more than limitBytes both by Content-Length and by counting while reading. */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
