import { describe, expect, it } from 'vitest';
import { readableLine, readGatewayError } from '@/lib/gateway/relay';
import { ApiError } from '@/lib/schema';

const HOST = 'gw.example:4000';

describe("a gateway's error reply, read for people", () => {
  it('passes a clean envelope through as it came', () => {
    const text = JSON.stringify({ error: { message: 'No such model', type: 'invalid_request_error', param: 'model', code: 'model_not_found' } });
    expect(readGatewayError(404, text, HOST)).toEqual({ body: text });
  });

  it('turns None fields into null, so "HTTP 400 · None · 400 · param None" cannot be shown', () => {
    const read = readGatewayError(400, JSON.stringify({ error: { message: 'bad', type: 'None', param: 'None', code: '400' } }), HOST);
    expect('error' in read && read.error).toMatchObject({ message: 'bad', type: 'invalid_request_error', param: null, code: '400' });
  });

  it('reads {"error": "text"} and {"detail": "text"} as their text', () => {
    const stringError = readGatewayError(401, '{"error":"Authentication Error, Invalid proxy server token passed"}', HOST);
    expect('error' in stringError && stringError.error.message).toBe('Authentication Error, Invalid proxy server token passed');
    const detail = readGatewayError(404, '{"detail":"Not Found"}', HOST);
    expect('error' in detail && detail.error).toMatchObject({ message: 'Not Found', type: 'invalid_request_error', details: '{"detail":"Not Found"}' });
  });

  it('reads a traceback as its last line and keeps the whole of it in details', () => {
    const traceback = 'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n    boom()\nValueError: the backend said no\n';
    const read = readGatewayError(500, traceback, HOST);
    expect('error' in read && read.error).toMatchObject({ message: `The gateway at ${HOST} answered 500: ValueError: the backend said no.`, details: traceback });
  });

  it('keeps one line of at most 300 characters from a long plain text', () => {
    expect(readableLine(`${'x'.repeat(400)}\nsecond line`)).toBe(`${'x'.repeat(300)}…`);
    expect(readableLine('<html><body><h1>502 Bad Gateway</h1>\n<p>nginx</p></body></html>')).toBe('502 Bad Gateway');
  });

  it('reads back details and None fields in the browser', () => {
    const error = ApiError.fromReply(500, { error: { message: 'm', type: 'None', param: 'None', code: 'None', details: 'Traceback…' } });
    expect(error).toMatchObject({ type: 'server_error', param: null, code: null, details: 'Traceback…' });
  });

  it('reads an envelope with a message however its other fields came, and nothing else', () => {
    expect(ApiError.fromReply(400, { error: { message: 'm', type: 7, param: ['x'], code: null, details: {} } })).toMatchObject({ status: 400, message: 'm', type: 'invalid_request_error', param: null, code: null, details: null });
    expect(ApiError.fromReply(429, { error: { message: 'slow' } })).toMatchObject({ type: 'rate_limit_error', param: null, code: null });
    for (const body of [null, 'text', { message: 'flat' }, { error: 'text' }, { error: [] }, { error: { message: 3 } }]) expect(ApiError.fromReply(400, body)).toBeNull();
  });
});
