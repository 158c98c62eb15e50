// The same generated invalid bodies against the local gateway (in-process on PGlite, and its HTTP server for size limits): 4xx envelopes, nothing stored, still serving.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { gatewayResponses } from '@/lib/db/schema';
import { createLocalGateway, type LocalGateway } from '@/lib/local-gateway';
import { MAX_BODY_BYTES } from '@/lib/local-gateway/server';
import { openTestDatabase } from '../support/databases';
import { checkErrorEnvelope, listInvalidBodies, VALID_BASES } from '../support/invalid-bodies';
import { callGateway, startTestGateway, startWebhookReceiver, TEST_API_KEY, type TestGateway, type WebhookReceiver } from '../support/local-gateway';

const API_KEY = 'sk-abuse-local-gateway-key';
let handle: DatabaseHandle;
let gateway: LocalGateway;
let receiver: WebhookReceiver;

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  receiver = await startWebhookReceiver();
  gateway = createLocalGateway({ getDb: async () => handle.db, apiKeys: [API_KEY], webhookAllow: [receiver.url], publicOrigin: 'http://127.0.0.1:4798', tokensPerSecond: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await receiver?.close();
  await handle?.close();
});

const create = (text: string) =>
  gateway.handle(
    new Request('http://127.0.0.1:4798/api/v1/llm/responses', {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: text,
    }),
  );

async function storedResponses(): Promise<number> {
  const [row] = await handle.db.select({ value: count() }).from(gatewayResponses);
  return Number(row?.value ?? 0);
}

/** Top-level keys of a body the schema does not know (the gateway names the first one instead of the bad field). */
function unknownTopLevelKeys(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.keys(parsed).filter((key) => !Object.hasOwn(VALID_FIELDS, key));
  } catch {
    return [];
  }
}
const VALID_FIELDS: Record<string, true> = Object.fromEntries(
  ['model', 'input', 'instructions', 'conversation', 'previous_response_id', 'prompt', 'include', 'text', 'stream', 'stream_options', 'store', 'background', 'webhook_url', 'webhook_secret', 'tools', 'tool_choice', 'parallel_tool_calls', 'max_tool_calls', 'reasoning', 'auto_routing', 'auto_routing_debug', 'max_output_tokens', 'temperature', 'top_p', 'top_logprobs', 'truncation', 'context_management', 'presence_penalty', 'frequency_penalty', 'service_tier', 'prompt_cache_key', 'safety_identifier', 'user', 'metadata', 'modalities', 'audio'].map((key) => [key, true]),
);

describe('invalid create bodies at the local gateway', () => {
  it('answers every one with a 4xx error envelope naming the field, stores nothing, pollutes nothing, and still serves', async () => {
    const bodies = listInvalidBodies();
    expect(bodies.length).toBeGreaterThanOrEqual(1000);
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const problems: string[] = [];
    for (const body of bodies) {
      const reply = await create(body.text);
      const text = await reply.text();
      const envelope = checkErrorEnvelope(text);
      if (reply.status !== 400) problems.push(`${body.name}: status ${reply.status}`);
      else if (!envelope.ok) problems.push(`${body.name}: ${envelope.problem}`);
      else if (body.param !== undefined) {
        const param = (JSON.parse(text) as { error: { param: string | null } }).error.param ?? '';
        const unknown = unknownTopLevelKeys(body.text);
        if (!param.startsWith(body.param) && !unknown.includes(param)) problems.push(`${body.name}: param ${param} instead of ${body.param}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await storedResponses()).toBe(0);
    expect(receiver.deliveries).toHaveLength(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    for (const base of Object.values(VALID_BASES)) {
      const reply = await create(JSON.stringify({ ...base, stream: false }));
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ object: 'response', status: 'completed' });
    }
    expect(await storedResponses()).toBe(Object.keys(VALID_BASES).length);
  });

  it(`answers 413 in process too (the Next mount) for a body over ${MAX_BODY_BYTES} bytes, declared or streamed`, async () => {
    const declared = await create(`{"model":"local-echo","input":"${'x'.repeat(MAX_BODY_BYTES)}"}`);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: 'request_too_large', type: 'invalid_request_error' } });
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 21; index += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await gateway.handle(
      new Request('http://127.0.0.1:4798/api/v1/llm/responses', { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` }, body, duplex: 'half' } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('refuses a webhook_url outside the playground origin and the allow list (other loopback ports too) before any delivery, naming the field', async () => {
    const otherPort = new URL(receiver.url);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const target of ['http://10.0.0.1/hook', 'http://example.com/hook', 'http://169.254.169.254/latest', 'http://[::ffff:10.0.0.1]/', 'http://127.0.0.1:5432/', 'http://localhost:4798/api', otherPort.toString()]) {
      const reply = await create(JSON.stringify({ model: 'local-echo', input: 'hi', background: true, webhook_url: target }));
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ error: { param: 'webhook_url', code: 'invalid_webhook_url', message: expect.stringContaining('webhook_url') } });
    }
    const allowed = await create(JSON.stringify({ model: 'local-echo', input: 'hi', background: true, webhook_url: receiver.url }));
    expect(allowed.status).toBe(200);
    const deliveries = await receiver.waitFor((seen) => seen.some((entry) => entry.body.type === 'response.completed'));
    expect(deliveries.every((entry) => entry.body.data.id === deliveries[0]?.body.data.id)).toBe(true);
  });
});

describe('the local gateway HTTP server', () => {
  let server: TestGateway;
  beforeAll(async () => {
    server = await startTestGateway();
  });
  afterAll(() => server?.close());

  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413, closes that connection cleanly and keeps serving`, async () => {
    const huge = `{"model":"local-echo","input":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
          controller.enqueue(new TextEncoder().encode('{"model":"local-echo","input":"'));
          for (let index = 0; index < 22; index += 1) controller.enqueue(chunk);
          controller.close();
        },
      });
    for (let round = 0; round < 3; round += 1) {
      const refused = await callGateway(server, '/responses', { body: huge });
      expect(refused.status).toBe(413);
      expect(refused.headers.get('connection')).toBe('close');
      expect(refused.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
      expect(await refused.json()).toMatchObject({ error: { code: 'request_too_large', type: 'invalid_request_error' } });
      // The next request must not land on a half-closed socket (fetch would fail with ECONNRESET).
      expect((await callGateway(server, '/responses', { body: { model: 'local-echo', input: `round ${round}` } })).status).toBe(200);
      const chunked = await fetch(`${server.baseURL}/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
        body: streamed(),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      await chunked.body?.cancel();
      expect((await callGateway(server, '/models')).status).toBe(200);
    }
    const deep = await callGateway(server, '/responses', { body: `{"model":"local-echo","service_tier":${'['.repeat(10_000)}${']'.repeat(10_000)}}` });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ error: { param: 'service_tier', code: 'invalid_value' } });
    const ok = await callGateway(server, '/responses', { body: { model: 'local-echo', input: 'still here' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'completed', output_text: expect.stringContaining('still here') });
  });
});
