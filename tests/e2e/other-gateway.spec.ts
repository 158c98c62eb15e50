// The playground in front of a gateway with another vendor's habits (tests/support/litellm-like-gateway.ts): a second app
// started with GATEWAY_BASE_URL and GATEWAY_API_PATH=/v1 pointing at it. Long base64url ids ending in `=` that change per
// event and per GET, data-only streams ending in [DONE] without sequence numbers, no echo of the extras, no webhooks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app-process';
import { LITELLM_KEY, MOCK_MODEL, startLiteLlmLikeGateway, type LiteLlmLikeGateway } from '../support/litellm-like-gateway';
import { findFreePortSync } from '../support/ports';
import { ChainsPage } from './pages/chains-page';
import { JobsPage } from './pages/jobs-page';
import { PlaygroundPage } from './pages/playground-page';
import { SiteShell } from './pages/site-shell';

const NO_SEQUENCE_NUMBERS = 'no sequence numbers: resume is not possible';

test.describe('against a LiteLLM-like gateway', () => {
  test.describe.configure({ mode: 'serial' });
  const port = findFreePortSync();
  test.use({ baseURL: `http://127.0.0.1:${port}` });

  let gateway: LiteLlmLikeGateway;
  let app: RunningApp;
  let root: string;
  /** A capture a background run named as its webhook_url when the app started: this gateway never calls it. */
  let capture: { id: string; url: string };
  let webhookRunId: string;
  const thread: { first?: string; second?: string } = {};
  const errors: string[] = [];

  const watchErrors = (page: Page) => page.on('pageerror', (error) => errors.push(error.message));

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    // Background responses stay queued long enough to be cancelled.
    gateway = await startLiteLlmLikeGateway({ backgroundMs: 300_000 });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-other-gateway-'));
    app = await startApp(port, {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
      PGLITE_DIR: path.join(root, 'pglite'),
      GATEWAY_BASE_URL: gateway.url,
      GATEWAY_API_PATH: '/v1',
      GATEWAY_API_KEY: LITELLM_KEY,
    });
    const api = await playwright.request.newContext({ baseURL: app.url });
    capture = (await (await api.post('/api/webhooks')).json()) as { id: string; url: string };
    const named = await api.post('/api/responses', { data: { model: MOCK_MODEL, input: 'tell my capture', background: true, webhook_url: capture.url } });
    expect(named.status(), await named.text()).toBe(200);
    webhookRunId = ((await named.json()) as { id: string }).id;
    await api.dispose();
  });

  test.afterAll(async () => {
    await app?.stop();
    await gateway?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  test('create and stream: a long id, [DONE] as the end of the stream, no sequence numbers; a follow-up continues the thread', async ({ page }, testInfo) => {
    watchErrors(page);
    const playground = new PlaygroundPage(page);
    await playground.open();
    // The first model the gateway lists, not local-agent.
    await expect(playground.model).toHaveValue(MOCK_MODEL);
    await playground.send('hello there');
    await expect(playground.runStatus).toHaveText('completed');
    const first = playground.turn(0);
    await expect(first).toContainText('You said: hello there');
    await expect(first.getByTestId('echo-notes')).toHaveCount(0);

    await playground.openMetrics(first);
    thread.first = await playground.responseId(first);
    expect(thread.first.length).toBeGreaterThan(256);
    expect(thread.first).toMatch(/=$/);
    await expect(first.getByTestId('metric-sequence-numbers')).toHaveText(NO_SEQUENCE_NUMBERS);

    const log = await playground.events();
    // created, item added, part added, four deltas, text done, completed: [DONE] is not among them.
    await expect(log.getByTestId('event-count')).toHaveText('9');
    await expect(log.getByTestId('event-type').filter({ hasText: '[DONE]' })).toHaveCount(0);
    await expect(log.getByTestId('event-filter').locator('option', { hasText: '[DONE]' })).toHaveCount(0);
    await expect(log.getByTestId('event-log-end')).toContainText('End of stream: the gateway sent [DONE]');
    await expect(log.getByTestId('event-log-numbering')).toHaveText(NO_SEQUENCE_NUMBERS);
    await expect(log.getByTestId('event-sequence')).toHaveCount(0);

    await playground.send('and again');
    await expect(playground.turns).toHaveCount(2);
    await expect(playground.runStatus).toHaveText('completed');
    const second = playground.turn(1);
    // The gateway answered from the first turn: the thread was continued by the id it gave.
    await expect(second).toContainText('You said: and again (earlier you said: hello there)');
    await playground.openMetrics(second);
    thread.second = await playground.responseId(second);
    expect(gateway.backendIdOf(thread.second)).not.toBe(gateway.backendIdOf(thread.first));
    await expect(playground.chip('chip-continuing')).toBeVisible();
    await new SiteShell(page).expectFitsEveryViewport('playground with two long ids, metrics and events open', { testInfo, name: 'playground' });
  });

  test('the fields the gateway ignored are named beside the turn', async ({ page }) => {
    watchErrors(page);
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.sendBody({ model: MOCK_MODEL, input: 'route me', stream: true, auto_routing: true, auto_routing_debug: true, store: false });
    await expect(playground.runStatus).toHaveText('completed');
    const notes = playground.lastTurn().getByTestId('echo-note');
    await expect(notes).toHaveText([
      'the gateway ignored auto_routing: it wrote no routing decision to metadata.auto_routing_debug and ran the model asked for.',
      'the gateway ignored auto_routing_debug: its reply has no routing decision in metadata.auto_routing_debug.',
      'the gateway may have ignored store: its reply does not echo store, so it may have kept the response.',
    ]);
    await expect(notes.nth(0)).toHaveAttribute('data-kind', 'ignored');
    await expect(notes.nth(2)).toHaveAttribute('data-kind', 'unconfirmed');
  });

  test('open the thread by id, walk its chain on /chains, delete a turn', async ({ page }, testInfo) => {
    watchErrors(page);
    const { first, second } = thread;
    test.skip(!first || !second, 'needs the thread of the first test');
    const playground = new PlaygroundPage(page);
    await playground.open(`?response=${encodeURIComponent(second!)}`);
    await playground.expectThread(['hello there', 'and again']);
    await expect(playground.turn(1)).toContainText('You said: and again (earlier you said: hello there)');

    const chains = new ChainsPage(page);
    await chains.open(`?id=${encodeURIComponent(second!)}`);
    await expect(chains.turns()).toHaveCount(2);
    await chains.expectLoaded();
    await expect(chains.turns().nth(0).getByTestId('turn-input-items')).toContainText('hello there');
    await expect(chains.turns().nth(1).getByTestId('turn-input-items')).toContainText('and again');
    await expect(chains.turns().nth(1)).toHaveAttribute('data-current', 'true');

    await chains.turns().nth(0).getByTestId('turn-delete').click();
    const dialog = chains.deleteDialog();
    await expect(dialog).toBeVisible();
    await new SiteShell(page).expectFitsEveryViewport('chains with the delete dialog open', { testInfo, name: 'chains-dialog' });
    await dialog.getByTestId('delete-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(chains.turns().nth(0)).toHaveAttribute('data-turn-kind', 'broken');
    await expect(chains.turns().nth(0).getByTestId('broken-title')).toHaveText('Deleted');
    await expect(chains.turns().nth(1)).toHaveAttribute('data-turn-kind', 'turn');
    expect((await page.request.get(`/api/responses/${encodeURIComponent(first!)}`)).status()).toBe(404);
    await new SiteShell(page).expectFitsEveryViewport('chains with long ids', { testInfo, name: 'chains' });
  });

  test('cancel a background job on /jobs', async ({ page }, testInfo) => {
    watchErrors(page);
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.sendBody({ model: MOCK_MODEL, input: 'take your time', background: true });
    const turn = playground.lastTurn();
    await expect(turn).toHaveAttribute('data-turn-status', 'polling');
    // The gateway does not echo background: the turn is taken at its word, so it can be cancelled from here too.
    await expect(page.getByTestId('run-cancel')).toBeVisible();
    await expect(turn.getByTestId('echo-notes')).toHaveCount(0);
    const backendId = gateway.backendIdOf(await playground.responseId(turn));
    expect(backendId).not.toBeNull();

    const jobs = new JobsPage(page);
    await jobs.open();
    const rows = page.getByTestId('job-row');
    await expect(rows).toHaveCount(2);
    // The job is filed under the id of the gateway's first reply; the turn shows the id of its latest poll.
    const ids = await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-job-id') ?? ''));
    const jobId = ids.find((id) => gateway.backendIdOf(id) === backendId);
    expect(jobId).toBeDefined();
    await expect(jobs.row(jobId!).getByTestId('job-status')).toHaveText('queued');
    await jobs.select(jobId!);
    await new SiteShell(page).expectFitsEveryViewport('jobs with long ids', { testInfo, name: 'jobs' });

    await jobs.row(jobId!).getByTestId('job-cancel').click();
    await expect(jobs.row(jobId!).getByTestId('job-status')).toHaveText('cancelled');
    await expect(jobs.detail.getByTestId('job-detail-status')).toHaveText('cancelled');
    await expect(jobs.row(webhookRunId).getByTestId('job-status')).toHaveText('queued');
  });

  test('a capture named by a background run says the gateway may not support webhooks after a minute without a delivery', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    watchErrors(page);
    const jobs = new JobsPage(page);
    await jobs.open();
    await jobs.selectCapture(capture.id);
    const watch = page.getByTestId('capture-watch');
    // The run was sent when the app started: at most a minute of waiting is left.
    await expect(watch).toContainText('No delivery within a minute', { timeout: 90_000 });
    await expect(watch).toContainText(webhookRunId);
    await expect(watch).toContainText('The gateway may not support webhooks (webhook_url), or cannot reach this URL.');
    await expect(watch).toContainText('Checked at');
    await expect(jobs.captures.getByLabel('Capture').locator('option', { hasText: 'the gateway may not support webhooks' })).toHaveCount(1);
    await new SiteShell(page).expectFitsEveryViewport('jobs with the silent capture', { testInfo, name: 'jobs-capture' });
  });
});

test.describe('against the local gateway', () => {
  test('a turn that sends every extra gets no notice, and its events are numbered', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.sendBody({ model: 'local-agent', input: 'route me', stream: true, auto_routing: true, auto_routing_debug: true, store: false });
    await expect(playground.runStatus).toHaveText('completed');
    const turn = playground.lastTurn();
    await playground.openMetrics(turn);
    await expect(turn.getByTestId('routing-debug')).toBeVisible();
    await expect(turn.getByTestId('metric-sequence-numbers')).toHaveText(/^0–\d+$/);
    await expect(turn.getByTestId('echo-notes')).toHaveCount(0);
    const log = await playground.events();
    await expect(log.getByTestId('event-log-end')).toHaveCount(0);
    await expect(log.getByTestId('event-log-numbering')).toHaveCount(0);
    await expect(log.getByTestId('event-sequence').first()).toHaveText('0');
  });
});
