// The proxy in front of a gateway with another vendor's habits (tests/support/litellm-like-gateway.ts): long opaque ids
// that change per event and per GET, data-only SSE ending in [DONE], backend ids echoed, string errors, tracebacks.
import { describe, expect, it } from 'vitest';
import { getSeenResponse } from '@/lib/chains/index-store';
import { walkChain, type ChainFetcher, type ChainTurn } from '@/lib/chains/walk';
import { searchHistory } from '@/lib/history/store';
import { getJob } from '@/lib/jobs/store';
import { routeParams } from '../support/fake-upstream';
import { BRIDGE_MODEL, FLAKY_MODEL, LITELLM_KEY, MOCK_MODEL, startLiteLlmLikeGateway } from '../support/litellm-like-gateway';
import { setUpProxiedGateway } from '../support/proxy-harness';

const { gateway, routes } = setUpProxiedGateway({
  start: () => startLiteLlmLikeGateway({ backgroundMs: 60_000 }),
  settings: { GATEWAY_API_PATH: '/v1', GATEWAY_API_KEY: LITELLM_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' },
});

const create = (body: Record<string, unknown>) =>
  routes.responses.POST(new Request('http://127.0.0.1/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
const byId = (id: string, method = 'GET') =>
  routes.responseById[method as 'GET' | 'DELETE'](new Request(`http://127.0.0.1/api/responses/${encodeURIComponent(id)}`, { method }), routeParams(id));

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (done(value) || attempt > 200) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a LiteLLM-like gateway behind the proxy (GATEWAY_API_PATH=/v1)', () => {
  it('creates, retrieves, lists input items and deletes by its long opaque ids ending in =', async () => {
    const created = (await (await create({ model: MOCK_MODEL, input: 'hello there' })).json()) as { id: string; output: Array<{ content: Array<{ text: string }> }> };
    expect(created.id.length).toBeGreaterThan(256);
    expect(created.id).toMatch(/=$/);
    expect(created.output[0]!.content[0]!.text).toBe('You said: hello there');

    const retrieved = await byId(created.id);
    expect(retrieved.status).toBe(200);
    const again = (await retrieved.json()) as { id: string };
    expect(gateway.backendIdOf(again.id)).toBe(gateway.backendIdOf(created.id));

    const items = await routes.inputItems.GET(new Request(`http://127.0.0.1/api/responses/${encodeURIComponent(created.id)}/input_items`), routeParams(created.id));
    expect(((await items.json()) as { data: Array<{ content: Array<{ text: string }> }> }).data[0]!.content[0]!.text).toBe('hello there');

    expect((await byId(created.id, 'DELETE')).status).toBe(200);
    expect((await byId(created.id)).status).toBe(404);
    expect(gateway.requests.filter((request) => !request.startsWith('GET /v1/models')).every((request) => request.includes(' /v1/responses'))).toBe(true);
  });

  it('passes a data-only stream ending in [DONE] through whole, with no false stream_incomplete, and records it completed under its created id', async () => {
    const reply = await create({ model: MOCK_MODEL, input: 'stream me', stream: true });
    const text = await reply.text();
    expect(text).toContain('"type":"response.completed"');
    expect(text).toContain('data: [DONE]');
    expect(text).not.toContain('stream_incomplete');
    const createdId = /"type":"response\.created","response":\{"id":"([^"]+)"/.exec(text)?.[1];
    expect(createdId).toBeDefined();
    const { getDb } = await import('@/lib/db');
    const db = await getDb();
    const history = await eventually(
      async () => (await searchHistory(db, 'stream me')).find((entry) => entry.responseId === createdId),
      (entry) => entry?.status === 'completed',
    );
    expect(history?.status).toBe('completed');
    expect((await getSeenResponse(db, createdId!))?.status).toBe('completed');
  });

  it('continues a thread from the id of response.created although the gateway echoes its backend id as previous_response_id', async () => {
    const first = (await (await create({ model: MOCK_MODEL, input: 'my name is Ada' })).json()) as { id: string };
    const follow = (await (await create({ model: MOCK_MODEL, input: 'what is my name?', previous_response_id: first.id })).json()) as {
      previous_response_id: string;
      output: Array<{ content: Array<{ text: string }> }>;
    };
    expect(follow.output[0]!.content[0]!.text).toBe('You said: what is my name? (earlier you said: my name is Ada)');
    expect(follow.previous_response_id).toBe(gateway.backendIdOf(first.id));
  });

  it('files the ids a GET gives the same response as aliases of its run id, so the index finds it by any of them', async () => {
    const created = (await (await create({ model: MOCK_MODEL, input: 'alias me' })).json()) as { id: string };
    const polled = (await (await byId(created.id)).json()) as { id: string; status: string };
    expect(polled.id).not.toBe(created.id);
    const { getDb } = await import('@/lib/db');
    const db = await getDb();
    const entry = await eventually(() => getSeenResponse(db, polled.id), (found) => found !== null);
    expect(entry).toMatchObject({ id: created.id, status: 'completed' });
  });

  it('walks a chain back to its root although every turn echoes its parent by a backend id the gateway cannot retrieve', async () => {
    const { getDb } = await import('@/lib/db');
    const db = await getDb();
    const a = (await (await create({ model: MOCK_MODEL, input: 'turn one' })).json()) as { id: string };
    const b = (await (await create({ model: MOCK_MODEL, input: 'turn two', previous_response_id: a.id })).json()) as { id: string; previous_response_id: string };
    const streamed = await (await create({ model: MOCK_MODEL, input: 'turn three', previous_response_id: b.id, stream: true })).text();
    const c = /"type":"response\.created","response":\{"id":"([^"]+)"/.exec(streamed)![1]!;
    expect(b.previous_response_id).not.toBe(a.id);
    // The parent each turn names is the gateway's backend id: retrieving it fails, so the walk needs the aliases the proxy filed.
    expect((await byId(b.previous_response_id)).status).toBe(404);
    await eventually(() => getSeenResponse(db, b.previous_response_id), (found) => found?.id === a.id);

    const fetcher: ChainFetcher = {
      async retrieve(id) {
        const reply = await byId(id);
        const body = (await reply.json()) as Record<string, unknown>;
        return reply.ok ? { ok: true, value: body as never } : { ok: false, failure: { status: reply.status, message: 'failed', code: null } };
      },
      async listInputItems(id) {
        const reply = await routes.inputItems.GET(new Request(`http://127.0.0.1/api/responses/${encodeURIComponent(id)}/input_items`), routeParams(id));
        return { ok: true, value: (await reply.json()) as never };
      },
      lookupIndex: (id) => getSeenResponse(db, id),
    };
    const turns: ChainTurn[] = [];
    const walk = walkChain(c, fetcher, { currentUser: null });
    let step = await walk.next();
    while (!step.done) {
      turns.push(step.value);
      step = await walk.next();
    }
    expect(step.value).toBe('root');
    expect(turns.map((turn) => turn.kind)).toEqual(['turn', 'turn', 'turn']);
    expect(turns.map((turn) => turn.id)).toEqual([c, b.id, a.id]);
    expect(turns.map((turn) => (turn.kind === 'turn' ? turn.inputItems : []).map((item) => JSON.stringify(item)).join())).toEqual([
      expect.stringContaining('turn three'),
      expect.stringContaining('turn two'),
      expect.stringContaining('turn one'),
    ]);
  });

  it('turns a traceback 500 and a string error with None fields into a readable envelope with their status, the whole reply in details, the key never in them', async () => {
    const flaky = (await (await create({ model: FLAKY_MODEL, input: 'x' })).json()) as { id: string };
    const failed = await byId(flaky.id);
    expect(failed.status).toBe(500);
    const failedText = await failed.text();
    // One readable line (the exception, not "Traceback ..."), the whole traceback one click away in details.
    expect(JSON.parse(failedText)).toEqual({
      error: {
        message: expect.stringMatching(/^The gateway at 127\.0\.0\.1:\d+ answered 500: litellm\.exceptions\.APIConnectionError: .*not reachable\.$/),
        type: 'server_error',
        param: null,
        code: 'upstream_error',
        details: expect.stringContaining('Traceback (most recent call last):'),
      },
    });
    const missing = await create({ model: MOCK_MODEL, input: 'x', previous_response_id: 'resp_nope' });
    expect(missing.status).toBe(404);
    // A string error with None fields: its words as the message, the Nones as null ("param None" never shows).
    expect(await missing.json()).toEqual({
      error: { message: 'Response resp_nope not found', type: 'invalid_request_error', param: null, code: '404', details: expect.stringContaining('"param":"None"') },
    });
    expect(failedText).not.toContain(LITELLM_KEY);
  });

  it('cancels a background response by its opaque id', async () => {
    const queued = (await (await create({ model: MOCK_MODEL, input: 'long job', background: true })).json()) as { id: string; status: string; background?: boolean };
    expect(queued.status).toBe('queued');
    // The gateway does not echo background: the job is recorded on the request's word, as the reply is queued.
    expect(queued.background).toBeUndefined();
    const { getDb } = await import('@/lib/db');
    expect((await getJob(await getDb(), queued.id))?.status).toBe('queued');
    const cancelled = await routes.cancel.POST(new Request(`http://127.0.0.1/api/responses/${encodeURIComponent(queued.id)}/cancel`, { method: 'POST' }), routeParams(queued.id));
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
  });

  it('records no job for a foreground request (background not sent), whatever the gateway echoes', async () => {
    const done = (await (await create({ model: MOCK_MODEL, input: 'right away' })).json()) as { id: string };
    const { getDb } = await import('@/lib/db');
    expect(await getJob(await getDb(), done.id)).toBeNull();
  });

  it('streams a bridged function call that appears only in response.completed', async () => {
    const reply = await create({ model: BRIDGE_MODEL, input: 'weather?', stream: true, tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} } }] });
    const text = await reply.text();
    expect(text).not.toContain('response.output_item.added');
    expect(text).toContain('"type":"function_call"');
    expect(text).toContain('data: [DONE]');
  });
});
