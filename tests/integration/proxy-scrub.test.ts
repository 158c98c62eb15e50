// A gateway that echoes the server key leaks it nowhere: SSE passthrough (also split across chunks), /api/models and the jobs routes' gateway calls.
import { describe, expect, it, vi } from 'vitest';
import { controlledStream, json, sseEvent } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const SERVER_KEY = 'sk-server-secret-scrub-0123';
const { upstream, load } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: SERVER_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' } });

describe('scrubbing the server key from gateway replies', () => {
  it('replaces it in the SSE passthrough, also when it is split across chunks', async () => {
    const routes = await load();
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(
      new Request('http://127.0.0.1:4299/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"model":"m","input":"hi","stream":true}' }),
    );
    const text = reply.text();
    const echo = sseEvent({ type: 'response.output_text.delta', sequence_number: 1, delta: `your key is ${SERVER_KEY}, again ${SERVER_KEY}` });
    const cut = echo.indexOf(SERVER_KEY) + 7;
    await stream.send(sseEvent({ type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress' } }));
    await stream.send(echo.slice(0, cut));
    await stream.send(echo.slice(cut));
    await stream.send(sseEvent({ type: 'response.completed', sequence_number: 2, response: { id: 'resp_1', status: 'completed' } }));
    stream.end();
    const body = await text;
    expect(body).not.toContain(SERVER_KEY);
    expect(body).toContain('your key is [redacted], again [redacted]');
    expect(body).toContain('response.completed');
  });

  it('replaces it in /api/models', async () => {
    const routes = await load();
    upstream.respondWith(json(200, { object: 'list', data: [{ id: 'm', object: 'model', owned_by: `key ${SERVER_KEY}` }] }));
    const reply = await routes.models.GET(new Request('http://127.0.0.1:4299/api/models'));
    expect(reply.status).toBe(200);
    const text = await reply.text();
    expect(text).not.toContain(SERVER_KEY);
    expect(JSON.parse(text)).toMatchObject({ data: [{ id: 'm', owned_by: 'key [redacted]' }], fallback: false });
  });

  it("replaces it in the gateway replies the jobs routes read (retrieve and cancel)", async () => {
    await load();
    const { gatewayResponsesFor } = await import('@/lib/gateway/responses');
    const gatewayResponses = gatewayResponsesFor({ kind: 'shared' });
    upstream.respondWith(json(401, { error: { message: `Bearer ${SERVER_KEY} is not valid`, type: 'authentication_error', param: null, code: null } }));
    for (const reply of [await gatewayResponses.retrieve('resp_1', null), await gatewayResponses.cancel('resp_1', 'alice')]) {
      expect(reply.httpStatus).toBe(401);
      expect(JSON.stringify(reply.body)).not.toContain(SERVER_KEY);
      expect(reply.body).toMatchObject({ error: { message: 'Bearer [redacted] is not valid' } });
    }
  });
});
