// Hostile content renders inert in Chromium, the server key reaches no page, reply or static file, and outbound targets are checked before any connection.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** Must equal the webServer's GATEWAY_API_KEY and LOCAL_GATEWAY_API_KEYS in playwright.config.ts. */
const SERVER_KEY = 'sk-e2e-server-key-do-not-leak-7f3a';
const STATIC_DIR = path.join(process.env.NEXT_DIST_DIR || '.next', 'static');
const XSS_INPUT = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const XSS_META = '<b onmouseover="window.__xss=3">bold</b><svg onload="window.__xss=4"></svg>';
const run = Date.now().toString(36);

/** Records dialogs and every body the page receives, so a test can check both at the end. */
function watch(page: Page): { dialogs: string[]; bodies: string[] } {
  const seen = { dialogs: [] as string[], bodies: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('response', (response) => {
    void response.text().then(
      (text) => seen.bodies.push(text),
      () => undefined,
    );
  });
  return seen;
}

async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"], [onerror], [onmouseover], [onload]').count()).toBe(0);
  const injectedScripts = await page.evaluate(() => [...document.querySelectorAll('script')].filter((script) => script.textContent?.trim().startsWith('window.__xss')).length);
  expect(injectedScripts).toBe(0);
}

test('model output and metadata with HTML render as text in the transcript', async ({ page }) => {
  const seen = watch(page);
  const playground = new PlaygroundPage(page);
  await playground.sendBody({ model: 'local-echo', stream: true, input: XSS_INPUT, metadata: { note: XSS_META } });
  const conversation = playground.conversation;
  await expect(conversation.getByTestId('run-status')).toHaveText('completed');
  await expect(conversation.getByTestId('output-text').first()).toContainText(`You said: "${XSS_INPUT}"`);
  const completed = await playground.filterEvents('response.completed');
  await completed.getByRole('button', { expanded: false }).click();
  await expect(completed).toContainText(XSS_META.replaceAll('"', '\\"'));
  await expectInert(page, seen.dialogs);
  expect(seen.bodies.filter((body) => body.includes(SERVER_KEY))).toEqual([]);
});

test('a webhook body and headers with HTML render as text on the jobs page', async ({ page }) => {
  const seen = watch(page);
  const capture = (await (await page.request.post('/api/webhooks')).json()) as { id: string };
  const body = JSON.stringify({ id: `evt_${run}`, type: `response.completed${XSS_INPUT}`, data: { id: `resp_${run}`, status: XSS_META } });
  const delivered = await page.request.post(`/api/webhooks/${capture.id}`, {
    headers: { 'content-type': 'application/json', 'x-webhook-id': XSS_META },
    data: body,
  });
  expect(delivered.status()).toBe(401);
  await page.goto('/jobs');
  await page.getByTestId('capture-select').selectOption(capture.id);
  const item = page.getByTestId('capture-deliveries').getByTestId('delivery-item').first();
  await item.getByText('Signature, headers and raw body').click();
  await expect(item.getByTestId('delivery-body')).toContainText(body);
  await expect(item.getByTestId('delivery-headers')).toContainText(`x-webhook-id: ${XSS_META}`);
  await expect(item).toContainText(`X-Webhook-Id ${XSS_META}`);
  await expectInert(page, seen.dialogs);
});

test('input and output with HTML render as text on the chains page', async ({ page }) => {
  const seen = watch(page);
  const user = `xss-${run}`;
  const created = await page.request.post('/api/responses', { headers: { 'X-On-Behalf-Of': user }, data: { model: 'local-echo', input: XSS_INPUT, metadata: { note: XSS_META } } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await page.goto('/chains');
  const actingAs = page.getByRole('textbox', { name: /^Acting as user/ });
  await actingAs.fill(user);
  await actingAs.press('Enter');
  const box = page.getByLabel('Response id');
  await box.fill(id);
  await box.press('Enter');
  const turn = page.locator(`[data-testid="chain-turn"][data-turn-id="${id}"]`);
  await expect(turn).toContainText(XSS_INPUT);
  await expect(turn).toContainText(`You said: "${XSS_INPUT}"`);
  await expectInert(page, seen.dialogs);
});

test('the server key appears in no page, no API reply and no file of the static build', async ({ page, request }) => {
  const seen = watch(page);
  for (const route of ['/', '/jobs', '/chains', '/settings']) {
    await page.goto(route);
    await expect(page.locator('main').first()).toBeVisible();
  }
  const replies = [
    await request.get('/api/health'),
    await request.get('/api/models'),
    await request.get('/api/history'),
    await request.get('/api/jobs'),
    await request.get('/api/webhooks'),
    await request.get('/api/responses/resp_does_not_exist'),
    await request.post('/api/responses', { data: { model: 'local-echo', input: `repeat this key: ${SERVER_KEY.slice(0, 8)}` } }),
    await request.post('/api/responses', { data: { model: 'local-server-error', input: 'x' } }),
    await request.post('/api/responses', { data: { model: 'no-such-model', input: 'x' } }),
    await request.post('/api/v1/llm/responses', { headers: { authorization: 'Bearer sk-wrong' }, data: { model: 'local-echo', input: 'x' } }),
  ];
  expect(replies.map((reply) => reply.status())).toEqual([200, 200, 200, 200, 200, 404, 200, 500, 400, 401]);
  for (const reply of replies) {
    expect(await reply.text()).not.toContain(SERVER_KEY);
    for (const value of Object.values(reply.headers())) expect(value).not.toContain(SERVER_KEY);
  }
  expect(seen.bodies.length).toBeGreaterThan(4);
  expect(seen.bodies.filter((body) => body.includes(SERVER_KEY))).toEqual([]);

  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(STATIC_DIR);
  expect(files.length).toBeGreaterThan(5);
  expect(files.filter((file) => fs.readFileSync(file).includes(SERVER_KEY))).toEqual([]);
});

test('replay and webhook targets off this machine are refused with 400 naming the field, before any connection', async ({ request }) => {
  let connections = 0;
  const listener = http.createServer((_req, res) => res.end());
  listener.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const loopbackWithCredentials = `http://user:secret@127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
  const otherLoopbackPort = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
  try {
    const capture = (await (await request.post('/api/webhooks')).json()) as { id: string };
    await request.post(`/api/webhooks/${capture.id}`, { headers: { 'content-type': 'application/json' }, data: '{"id":"evt_t","type":"response.completed","data":{"id":"resp_t","status":"completed"}}' });
    const { deliveries } = (await (await request.get(`/api/webhooks/${capture.id}`)).json()) as { deliveries: { id: number }[] };
    const otherCapture = (await (await request.post('/api/webhooks')).json()) as { url: string };
    for (const target of ['http://10.0.0.1/', 'http://example.com/hook', 'http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', loopbackWithCredentials, otherLoopbackPort, otherCapture.url]) {
      const refused = await request.post(`/api/webhooks/${capture.id}/deliveries/${deliveries[0]!.id}/replay`, { data: { target } });
      expect(refused.status(), target).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { param: 'target', code: 'target_not_allowed', message: expect.stringMatching(/^target: /) } });
    }
    for (const webhookUrl of ['http://10.0.0.1/hook', 'http://example.com/hook', loopbackWithCredentials]) {
      const refused = await request.post('/api/responses', { data: { model: 'local-echo', input: 'x', background: true, webhook_url: webhookUrl } });
      expect(refused.status(), webhookUrl).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { param: 'webhook_url', code: 'invalid_webhook_url', message: expect.stringContaining('webhook_url') } });
    }
    expect(connections).toBe(0);
  } finally {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});
