import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

const WEATHER_TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Get the weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** Opens the playground with `body` as the draft (through a share link) and sends it; returns the conversation. */
async function sendBody(page: Page, body: Record<string, unknown>) {
  await new PlaygroundPage(page).sendBody(body);
  return page.getByTestId('conversation');
}

const filterEvents = (page: Page, type: string) => new PlaygroundPage(page).filterEvents(type);
const eventCount = (page: Page) => new PlaygroundPage(page).eventCount();

test('a streamed text run renders the answer, lists events with sequence numbers, metrics, and passes axe', async ({ page }) => {
  const panel = await sendBody(page, { model: 'local-agent', stream: true, input: 'Hello there, tell me about tide pools' });
  await expect(panel.getByTestId('run-status')).toHaveText('completed');
  await expect(panel.getByTestId('output-text').first()).toContainText(/\w+/);
  await expect(panel.getByTestId('run-announcer')).toContainText('Response completed');

  const count = await eventCount(page);
  expect(count).toBeGreaterThan(5);
  const created = await filterEvents(page, 'response.created');
  await expect(created).toHaveCount(1);
  await expect(created.getByTestId('event-sequence')).toHaveText('0');
  const completed = await filterEvents(page, 'response.completed');
  await expect(completed.getByTestId('event-sequence')).toHaveText(String(count - 1));
  await completed.getByRole('button', { expanded: false }).click();
  await expect(completed).toContainText('"status": "completed"');

  await expect(panel.getByTestId('response-id')).toHaveText(/^resp_/);
  await expect(panel.getByTestId('metric-model-served')).toHaveText(/local-agent/);
  await expect(panel.getByTestId('metric-total-tokens')).toHaveText(/^\d+$/);

  const results = await new AxeBuilder({ page }).include('[data-testid="conversation"]').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a function call streams its arguments and "Reply with output" continues the thread', async ({ page }) => {
  const panel = await sendBody(page, { model: 'local-agent', stream: true, input: 'What is the weather in Paris? Use the get_weather tool', tools: [WEATHER_TOOL] });
  const call = panel.getByTestId('item-function-call');
  await expect(call).toContainText('get_weather');
  await expect(call.getByLabel('Arguments')).toContainText('"city"');
  await expect(call).toContainText(/call_\w+/);
  await expect(panel.getByTestId('run-status')).toHaveText('completed');

  await call.getByTestId('call-reply-output').fill('{"temperature": 21, "unit": "c"}');
  await call.getByTestId('call-reply-send').click();
  const turns = panel.getByTestId('turn');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(1)).toHaveAttribute('data-turn-status', 'completed');
  await expect(turns.nth(1).getByTestId('item-message')).toBeVisible();
  await turns.nth(1).getByText('Request sent').click();
  await expect(turns.nth(1).getByLabel('Request')).toContainText('function_call_output');
  await expect(turns.nth(1).getByLabel('Request')).toContainText('previous_response_id');
});

test('an MCP approval request is approved with one click and the call follows in the same thread', async ({ page }) => {
  const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', require_approval: 'always' };
  const panel = await sendBody(page, { model: 'local-agent', stream: true, input: 'Ask the docs mcp server about tide pools', tools: [mcp] });
  await expect(panel.getByTestId('run-status')).toHaveText('completed');
  await panel.getByTestId('mcp-approve').click();
  const turns = panel.getByTestId('turn');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(1)).toHaveAttribute('data-turn-status', 'completed');
  // The approval card of the first turn now shows the decision taken instead of the buttons.
  await expect(turns.nth(0).getByTestId('mcp-decision')).toHaveAttribute('data-decision', 'approved');
  await expect(turns.nth(0).getByTestId('mcp-approve')).toHaveCount(0);
  await turns.nth(1).getByText('Request sent').click();
  await expect(turns.nth(1).getByLabel('Request')).toContainText('mcp_approval_response');
  await expect(turns.nth(1).getByLabel('Request')).toContainText('"approve": true');
  const call = turns.nth(1).getByTestId('item-mcp-call');
  await expect(call).toContainText('MCP call · docs');
  await expect(call.getByLabel('Output')).not.toBeEmpty();
});

test('Stop aborts the stream and keeps what arrived, marked stopped', async ({ page }) => {
  // A slow start and a long answer: the run is still going when Stop is pressed, even on a loaded machine.
  const panel = await sendBody(page, { model: 'local-agent', stream: true, input: 'simulate slow start and stream 6000 words' });
  await expect(panel.getByTestId('run-status')).toHaveText(/^(waiting for first token|streaming)$/);
  await expect(panel.getByTestId('item-message')).toBeVisible();
  await panel.getByTestId('run-stop').click();
  await expect(panel.getByTestId('run-status')).toHaveText('stopped');
  await expect(panel.getByTestId('run-stopped')).toBeVisible();
  await expect(panel.getByTestId('item-message')).toBeVisible();
  expect(await eventCount(page)).toBeGreaterThanOrEqual(3);
  await expect(panel.getByTestId('run-announcer')).toContainText('Response stopped');
});

test('a dropped background stream resumes from the last sequence number: nothing lost, nothing duplicated', async ({ page }) => {
  const panel = await sendBody(page, { model: 'local-agent', stream: true, background: true, input: 'simulate dropped stream and tell me about tides' });
  await expect(panel.getByTestId('run-status')).toHaveText('completed');
  await expect(panel.getByTestId('metric-stream-resumed')).toHaveText(/^[1-9]\d*×$/);
  const count = await eventCount(page);
  // The proxy reports the drop in-band with an unnumbered error event: it stays in the log, once.
  const drop = await filterEvents(page, 'error');
  await expect(drop).toHaveCount(1);
  await expect(drop.getByTestId('event-sequence')).toHaveText('–');
  const completed = await filterEvents(page, 'response.completed');
  await expect(completed).toHaveCount(1);
  await expect(completed.getByTestId('event-sequence')).toHaveText(String(count - 2));
});

test('gateway errors show the message and a hint', async ({ page }) => {
  const failed = await sendBody(page, { model: 'local-agent', stream: true, input: 'simulate failure' });
  await expect(failed.getByTestId('run-status')).toHaveText('failed');
  await expect(failed.getByTestId('run-error')).toBeVisible();

  // The share link closes the failed thread (an import starts fresh): read the new turn's own error.
  const limited = await sendBody(page, { model: 'local-agent', stream: true, input: 'simulate rate limit' });
  await expect(limited.getByTestId('run-status')).toHaveText('error');
  const limitedTurn = limited.getByRole('region', { name: 'simulate rate limit' });
  await expect(limitedTurn.getByTestId('run-error')).toContainText('HTTP 429');
  await expect(limitedTurn.getByTestId('run-error-hint')).toContainText('Rate limited');
});

test.describe('waiting and failure', () => {
  // Long streams on a shared machine: more time for the test, never a shorter wait in an assertion.
  test.slow();

  /** Counts the create requests the page sends (a retry is one more). */
  function countCreates(page: Page): () => number {
    let count = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/responses') count += 1;
    });
    return () => count;
  }

  test('says it waits for the first token, counting; then time, tokens and tokens/s count live; a stop marks the message incomplete', async ({ page }) => {
    const panel = await sendBody(page, { model: 'local-slow', stream: true, input: 'stream 20000 words' });
    const wait = panel.getByTestId('run-wait');
    // Every text the wait note shows is recorded: on a loaded machine the first token can end it between two polls.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { waitTexts: Set<string> }).waitTexts = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-testid="run-wait"]')) seen.add(element.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The badge says the phase in words; the machine's name stays in data-status.
    await expect(panel.getByTestId('run-status')).toHaveText('waiting for first token');
    await expect(panel.getByTestId('run-status')).toHaveAttribute('data-status', 'waiting_first_token');
    await expect(wait).toHaveText(/^Waiting for first token… \d+\.\d s$/);

    await expect(panel.getByTestId('run-status')).toHaveText('streaming');
    await expect(wait).toHaveCount(0);
    const waited = await page.evaluate(() => [...(window as unknown as { waitTexts: Set<string> }).waitTexts]);
    expect(waited.filter((text) => /^Waiting for first token… \d+\.\d s$/.test(text)).length).toBeGreaterThan(1);
    const tokens = panel.getByTestId('live-tokens');
    await expect(tokens).toHaveText(/^[1-9]\d* tokens$/);
    const counted = await tokens.textContent({ timeout: 5_000 });
    await expect(tokens).not.toHaveText(counted ?? '');
    await expect(panel.getByTestId('live-rate')).toHaveText(/^\d+\.\d tokens\/s$/);
    await expect(panel.getByTestId('live-elapsed')).toHaveText(/^\d+\.\d s$/);

    await panel.getByTestId('run-stop').click();
    await expect(panel.getByTestId('run-status')).toHaveText('stopped');
    await expect(panel.getByTestId('live-metrics')).toHaveCount(0);
    await expect(panel.getByTestId('item-message')).toHaveAttribute('data-item-status', 'incomplete');
    await expect(panel.getByTestId('output-text')).toContainText(/\w+/);
  });

  test('a failed turn says why, and Retry sends the same request again in its place', async ({ page }) => {
    const creates = countCreates(page);
    const panel = await sendBody(page, { model: 'local-fail', stream: true, input: 'hello' });
    const turn = panel.getByTestId('turn');
    await expect(turn).toHaveAttribute('data-turn-status', 'failed');
    await expect(turn.getByTestId('run-error')).toContainText('failed to generate a response');
    await turn.getByTestId('turn-retry').click();
    await expect(panel.getByTestId('metric-attempts')).toHaveText('2');
    await expect(turn).toHaveCount(1);
    await expect(turn).toHaveAttribute('data-turn-status', 'failed');
    expect(creates()).toBe(2);
  });

  test('a 429 counts down, retries by itself once, then offers Retry', async ({ page }) => {
    const creates = countCreates(page);
    const playground = new PlaygroundPage(page);
    await playground.loadBody({ model: 'local-rate-limited', stream: true, input: 'hello' });
    // The countdown lasts as long as Retry-After: record every text shown rather than race it.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
      const record = () => {
        for (const element of document.querySelectorAll('[data-testid="run-wait"], [data-testid="run-status"], [data-testid="turn-retry"]')) {
          seen.add(`${element.getAttribute('data-testid')}: ${element.textContent ?? ''}`);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await playground.sendButton.click();
    const panel = page.getByTestId('conversation');
    await expect(panel.getByTestId('run-status')).toHaveText('error');
    const seen = await page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]);
    expect(seen.some((text) => /^run-status: rate limited — retrying in \d+ s$/.test(text))).toBe(true);
    expect(seen).not.toContain('run-status: rate_limited');
    expect(seen.some((text) => /^run-wait: Rate limited by the gateway \(HTTP 429\)\. Sending again by itself in \d+ s…$/.test(text))).toBe(true);
    expect(seen).toContain('turn-retry: Retry now');

    await expect(panel.getByTestId('run-error')).toContainText('HTTP 429');
    await expect(panel.getByTestId('metric-attempts')).toHaveText('2');
    expect(creates()).toBe(2);
    await expect(panel.getByTestId('run-wait')).toHaveCount(0);
    await expect(panel.getByTestId('turn-retry')).toHaveText('Retry');
  });

  test('a dropped stream says so in words, keeps the partial text marked incomplete, and offers Retry', async ({ page }) => {
    const panel = await sendBody(page, { model: 'local-drop', stream: true, input: 'stream 300 words' });
    const turn = panel.getByTestId('turn');
    await expect(turn).toHaveAttribute('data-turn-status', 'dropped');
    await expect(panel.getByTestId('run-status')).toHaveText('connection dropped');
    const dropped = turn.getByTestId('run-dropped');
    await expect(dropped).toContainText('The connection to the gateway dropped before the response finished.');
    await expect(dropped).toContainText('What arrived is kept above, marked incomplete.');
    await expect(dropped).toContainText('not run in the background');
    await expect(turn.getByTestId('output-text')).toContainText(/\w+/);
    await expect(turn.getByTestId('item-message')).toHaveAttribute('data-item-status', 'incomplete');
    await expect(panel).not.toContainText(/UND_ERR|network error|fault injection|in_progress/);
    await expect(turn.getByTestId('turn-resume')).toHaveCount(0);
    await expect(turn.getByTestId('turn-retry')).toBeVisible();
  });

  test('a stopped background stream offers Resume, which continues from the last event: nothing lost, nothing duplicated', async ({ page }) => {
    const panel = await sendBody(page, { model: 'local-slow', stream: true, background: true, input: 'stream 3000 words' });
    await expect(panel.getByTestId('run-status')).toHaveText('streaming');
    await panel.getByTestId('run-stop').click();
    const stopped = panel.getByTestId('run-stopped');
    await expect(stopped).toBeVisible();
    await expect(panel.getByTestId('item-message')).toHaveAttribute('data-item-status', 'incomplete');
    await stopped.getByTestId('turn-resume').click();
    await expect(panel.getByTestId('run-status')).toHaveText('completed');
    await expect(panel.getByTestId('item-message')).toHaveAttribute('data-item-status', 'completed');
    await expect(panel.getByTestId('metric-stream-resumed')).toHaveText('1×');
    const count = await eventCount(page);
    const completed = await filterEvents(page, 'response.completed');
    await expect(completed.getByTestId('event-sequence')).toHaveText(String(count - 1));
  });
});
