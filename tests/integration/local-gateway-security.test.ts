// Credentials sent to the local gateway are used but never echoed or stored; its own request and stream limits per API key.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { gatewayResponses } from '@/lib/db/schema';
import { createLocalGateway, type LocalGateway } from '@/lib/local-gateway';
import { openTestDatabase } from '../support/databases';
import { startWebhookReceiver, type WebhookReceiver } from '../support/local-gateway';

const KEY = 'sk-security-test-key';
const OTHER_KEY = 'sk-security-other-key';
const ORIGIN = 'http://127.0.0.1:4799';
const SECRETS = { authorization: 'Bearer mcp-token-0a1b2c3d', header: 'header-secret-4e5f6a7b', webhook: 'whsec-webhook-secret-8c9d0e1f' };

let handle: DatabaseHandle;
let receiver: WebhookReceiver;
const gateways: LocalGateway[] = [];

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await receiver?.close();
  await handle?.close();
});

function startGateway(options: { rateLimitPerMinute?: number; maxConcurrentStreams?: number; tokensPerSecond?: number } = {}): LocalGateway {
  const gateway = createLocalGateway({ getDb: async () => handle.db, apiKeys: [KEY, OTHER_KEY], webhookAllow: [receiver.url], publicOrigin: ORIGIN, tokensPerSecond: 0, ...options });
  gateways.push(gateway);
  return gateway;
}

function call(gateway: LocalGateway, path: string, init: { body?: unknown; method?: string; key?: string } = {}): Promise<Response> {
  return gateway.handle(
    new Request(`${ORIGIN}/api/v1/llm${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${init.key ?? KEY}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

describe('credentials in requests', () => {
  it('are never echoed in the response, events, re-streams or lists, nor stored; a marker says one was set', async () => {
    const gateway = startGateway();
    const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', authorization: SECRETS.authorization, headers: { 'X-Api-Key': SECRETS.header }, require_approval: 'never' };
    const created = await call(gateway, '/responses', {
      body: { model: 'local-agent', input: 'ask the docs mcp server', tools: [mcp], background: true, stream: true, webhook_url: receiver.url, webhook_secret: SECRETS.webhook },
    });
    const texts = [await created.text()];
    const id = /"id":"(resp_[a-f0-9]+)"/.exec(texts[0]!)?.[1] ?? '';
    const stored = (await (await call(gateway, `/responses/${id}`)).json()) as { tools: Record<string, unknown>[]; status: string };
    expect(stored.status).toBe('completed');
    expect(stored.tools[0]).toMatchObject({ authorization: '<redacted>', headers: { 'X-Api-Key': '<redacted>' }, server_label: 'docs' });
    texts.push(JSON.stringify(stored), await (await call(gateway, `/responses/${id}?stream=true`)).text(), await (await call(gateway, `/responses/${id}/input_items`)).text());
    const [row] = await handle.db.select().from(gatewayResponses).where(eq(gatewayResponses.id, id));
    texts.push(JSON.stringify(row));
    const deliveries = await receiver.waitFor((all) => all.some((entry) => entry.body.data.id === id && entry.body.type === 'response.completed'));
    texts.push(...deliveries.map((entry) => entry.rawBody));
    expect((row?.request as { webhook_secret?: string }).webhook_secret).toBe('<redacted>');
    for (const text of texts) for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    const signed = deliveries.find((entry) => entry.body.data.id === id);
    expect(signed?.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe('limits per API key', () => {
  it('answers 429 with Retry-After past the requests per minute, counting each key apart', async () => {
    const gateway = startGateway({ rateLimitPerMinute: 3 });
    for (let index = 0; index < 3; index += 1) expect((await call(gateway, '/models')).status).toBe(200);
    const limited = await call(gateway, '/models');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: expect.stringContaining('LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE') } });
    expect((await call(gateway, '/models', { key: OTHER_KEY })).status).toBe(200);
  });

  it('bounds concurrent streams: 429 beyond, nothing stored for the refused one, a slot frees when a stream closes', async () => {
    const gateway = startGateway({ maxConcurrentStreams: 2, tokensPerSecond: 20 });
    const body = { model: 'local-agent', input: 'stream 400 words', stream: true };
    const open = [await call(gateway, '/responses', { body }), await call(gateway, '/responses', { body })];
    expect(open.map((response) => response.status)).toEqual([200, 200]);
    const before = (await handle.db.select({ id: gatewayResponses.id }).from(gatewayResponses)).length;
    const refused = await call(gateway, '/responses', { body });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limit_exceeded', message: expect.stringContaining('LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS') } });
    expect((await handle.db.select({ id: gatewayResponses.id }).from(gatewayResponses)).length).toBe(before);
    const otherKey = await call(gateway, '/responses', { body, key: OTHER_KEY });
    expect(otherKey.status).toBe(200);
    expect((await call(gateway, '/responses', { body: { model: 'local-agent', input: 'not streamed' } })).status).toBe(200);
    await open[0]!.body!.cancel();
    const deadline = Date.now() + 5_000;
    let again = await call(gateway, '/responses', { body });
    while (again.status === 429 && Date.now() < deadline) again = await call(gateway, '/responses', { body });
    expect(again.status).toBe(200);
    await Promise.all([open[1]!.body!.cancel(), again.body!.cancel(), otherKey.body!.cancel()]);
  });
});
