// The default transport puts ids into proxy paths by the one id rule, and reads error replies by the one envelope reader.
import { describe, expect, it, vi } from 'vitest';
import { createFetchTransport, readHttpError } from '@/lib/run/transport';

function stubbedTransport() {
  const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { headers: { 'content-type': 'application/json' } }));
  return { transport: createFetchTransport(() => fetcher as unknown as typeof fetch), urls: () => fetcher.mock.calls.map(([url]) => url), fetcher };
}

const signal = new AbortController().signal;

describe('createFetchTransport', () => {
  it('sends an opaque id as one percent-encoded path segment of /api/responses', async () => {
    const { transport, urls } = stubbedTransport();
    await transport.retrieve('conv:1/2 é', {}, signal);
    await transport.stream('a/b', 7, {}, signal);
    await transport.cancel('x=y', {});
    expect(urls()).toEqual(['/api/responses/conv%3A1%2F2%20%C3%A9', '/api/responses/a%2Fb?stream=true&starting_after=7', '/api/responses/x%3Dy/cancel']);
  });

  it.each(['..', '.', '', 'tab\there'])('answers the refused id %j itself with the 400 naming `id`, and sends nothing', async (id) => {
    const { transport, fetcher } = stubbedTransport();
    const reply = await transport.retrieve(id, {}, signal);
    expect(fetcher).not.toHaveBeenCalled();
    expect(reply.status).toBe(400);
    expect(await readHttpError(reply)).toMatchObject({ httpStatus: 400, param: 'id', code: 'invalid_id', type: 'invalid_request_error' });
  });
});

describe('readHttpError reads the envelope like every other reader', () => {
  it('fills a missing type with the protocol default for the status', async () => {
    const reply = Response.json({ error: { message: 'Slow down', code: 'busy' } }, { status: 429 });
    expect(await readHttpError(reply)).toEqual({ message: 'Slow down', type: 'rate_limit_error', code: 'busy', param: null, httpStatus: 429, retryAfterSeconds: null });
  });

  it('falls back to the status line and the start of the body when there is no envelope with a message', async () => {
    const reply = Response.json({ error: 'nope' }, { status: 500, statusText: 'Internal Server Error' });
    expect(await readHttpError(reply)).toEqual({ message: 'HTTP 500 Internal Server Error: {"error":"nope"}', type: null, code: null, param: null, httpStatus: 500, retryAfterSeconds: null });
  });
});
