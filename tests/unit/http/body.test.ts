// The one bounded body reader: the proxy, sign-in, the local gateway and the webhook receiver all refuse an oversized body the same way.
import { describe, expect, it } from 'vitest';
import { readBodyBytes, readBodyText } from '@/lib/http/body';
import { ApiError, toErrorBody } from '@/lib/schema/errors';

const LIMIT = { bytes: 10, name: 'TEST_BODY_LIMIT_BYTES' };

function streamed(chunks: string[], onCancel: () => void = () => undefined): Request {
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
    cancel: onCancel,
  });
  return new Request('http://127.0.0.1/x', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

async function refusal(read: Promise<unknown>): Promise<unknown> {
  const error = await read.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return toErrorBody(error as ApiError);
}

const TOO_LARGE = {
  error: { message: 'The request body is larger than 10 bytes (TEST_BODY_LIMIT_BYTES).', type: 'invalid_request_error', param: null, code: 'request_too_large' },
};

describe('readBodyText / readBodyBytes', () => {
  it('reads a body up to the limit exactly, as UTF-8 text or as bytes', async () => {
    expect(await readBodyText(streamed(['héllo', 'wo']), LIMIT)).toBe('héllowo');
    expect([...(await readBodyBytes(new Request('http://127.0.0.1/x', { method: 'POST', body: '0123456789' }), LIMIT))]).toHaveLength(10);
    expect(await readBodyText(new Request('http://127.0.0.1/x'), LIMIT)).toBe('');
  });

  it('refuses a declared Content-Length over the limit with 413 request_too_large naming the limit, before reading', async () => {
    const declared = new Request('http://127.0.0.1/x', { method: 'POST', body: 'x', headers: { 'content-length': '11' } });
    expect(await refusal(readBodyText(declared, LIMIT))).toEqual(TOO_LARGE);
    expect(declared.bodyUsed).toBe(false);
  });

  it('refuses a streamed body once it passes the limit, and cancels the rest of the upload', async () => {
    let cancelled = false;
    const request = streamed(['0123456', '789', 'a', 'never read'], () => {
      cancelled = true;
    });
    expect(await refusal(readBodyBytes(request, LIMIT))).toEqual(TOO_LARGE);
    expect(cancelled).toBe(true);
  });
});
