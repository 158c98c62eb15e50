// Credentials inside request bodies (webhook_secret, MCP authorization and headers) sent through the proxy: used, never stored or shown back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTED_CREDENTIAL } from '@/lib/schema/credentials';
import { setUpTestAppDatabase } from '../support/app-database';
import { loadProxyRoutes } from '../support/fake-upstream';
import { readSse, startTestGateway, startWebhookReceiver, TEST_API_KEY, type TestGateway, type WebhookReceiver } from '../support/local-gateway';

const SECRETS = { webhook: 'whsec-at-rest-0123456789', authorization: 'oauth-at-rest-token', header: 'header-at-rest-key' };
const mcpTool = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', authorization: SECRETS.authorization, headers: { 'X-Api-Key': SECRETS.header }, require_approval: 'never' };

describe('credentials in request bodies, through the proxy', () => {
  let gateway: TestGateway;
  let receiver: WebhookReceiver;
  let routes: Awaited<ReturnType<typeof loadProxyRoutes>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    gateway = await startTestGateway({ webhookAllow: [receiver.url] });
  });
  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
  });
  setUpTestAppDatabase({
    prepare: async () => {
      routes = await loadProxyRoutes({ GATEWAY_BASE_URL: gateway.url, GATEWAY_API_KEY: TEST_API_KEY }, () => vi.resetModules());
    },
  });

  /** Every stored row of the history and presets tables, as text. */
  async function storedRows(): Promise<string> {
    const { getDb, tables } = await import('@/lib/db');
    const db = await getDb();
    return JSON.stringify([await db.select().from(tables.requestHistory), await db.select().from(tables.presets)]);
  }

  it('are used for the run but stored in the history only as a marker, and /api/history never shows them', async () => {
    const body = { model: 'local-agent', input: 'ask the docs mcp server', tools: [mcpTool], background: true, stream: true, webhook_url: receiver.url, webhook_secret: SECRETS.webhook };
    const reply = await routes.responses.POST(new Request('http://127.0.0.1/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    expect(reply.status).toBe(200);
    const { records } = await readSse(reply);
    const id = String((records[0]?.data.response as { id: string }).id);
    // The secret was used: the delivery is signed with it.
    const deliveries = await receiver.waitFor((all) => all.some((entry) => entry.body.data.id === id && entry.body.type === 'response.completed'));
    expect(deliveries.find((entry) => entry.body.data.id === id)?.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const { GET } = await import('@/app/api/history/route');
    let listed = '';
    for (let attempt = 0; attempt < 100 && !listed.includes(id); attempt += 1) {
      listed = await (await GET(new Request(`http://127.0.0.1/api/history?q=${id}`))).text();
      if (!listed.includes(id)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [entry] = (JSON.parse(listed) as { data: Array<{ body: typeof body }> }).data;
    expect(entry?.body.webhook_secret).toBe(REDACTED_CREDENTIAL);
    expect(entry?.body.tools[0]).toMatchObject({ authorization: REDACTED_CREDENTIAL, headers: { 'X-Api-Key': REDACTED_CREDENTIAL }, server_label: 'docs' });
    for (const text of [listed, await storedRows()]) for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });

  it('are saved in a preset only as a marker, and /api/presets never shows them', async () => {
    const { GET, PUT } = await import('@/app/api/presets/route');
    const body = { model: 'local-agent', tools: [mcpTool], background: true, webhook_url: receiver.url, webhook_secret: SECRETS.webhook };
    const saved = await PUT(new Request('http://127.0.0.1/api/presets', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'with secrets', body }) }));
    expect(saved.status).toBe(200);
    const listed = await (await GET(new Request('http://127.0.0.1/api/presets'))).text();
    const preset = (JSON.parse(listed) as { data: Array<{ name: string; body: typeof body }> }).data.find((entry) => entry.name === 'with secrets');
    expect(preset?.body).toMatchObject({ webhook_secret: REDACTED_CREDENTIAL, tools: [{ authorization: REDACTED_CREDENTIAL, headers: { 'X-Api-Key': REDACTED_CREDENTIAL } }] });
    for (const text of [listed, await storedRows()]) for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });
});
