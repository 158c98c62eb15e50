import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

// Every built-in example of "Start from an example", sent as chosen against the local gateway: each shows what it promises.

async function startAndSend(playground: PlaygroundPage, id: string) {
  await playground.open();
  await playground.startFromExample(id);
  await playground.sendButton.click();
  await expect(playground.runStatus).toHaveText('completed');
  return playground.lastTurn();
}

test('tool calling: get_weather is called with a city, and "Reply with output" answers it in the same thread', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const turn = await startAndSend(playground, 'tool-calling');
  const call = turn.getByTestId('item-function-call');
  await expect(call).toContainText('get_weather');
  await expect(call.getByLabel('Arguments')).toContainText('"city"');
  await call.getByTestId('call-reply-output').fill('{"temperature": 21, "units": "celsius"}');
  await call.getByTestId('call-reply-send').click();
  await expect(playground.turns).toHaveCount(2);
  await expect(playground.turn(1)).toHaveAttribute('data-turn-status', 'completed');
  await expect(playground.turn(1).getByTestId('item-message')).toBeVisible();
});

test('structured output: the answer is JSON matching the example schema', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const turn = await startAndSend(playground, 'structured-output');
  const answer = JSON.parse((await turn.getByTestId('output-text').first().textContent()) ?? '') as Record<string, unknown>;
  expect(Object.keys(answer).sort()).toEqual(['city', 'conditions', 'temperature_c']);
  expect(['sunny', 'cloudy', 'rain', 'snow']).toContain(answer.conditions);
  expect(typeof answer.temperature_c).toBe('number');
});

test('reasoning: local-reasoner shows a reasoning summary before its answer', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const turn = await startAndSend(playground, 'reasoning');
  await expect(turn.getByTestId('item-reasoning')).toContainText('Summary');
  await expect(turn.getByTestId('item-message')).toBeVisible();
  await expect(playground.model).toHaveValue('local-reasoner');
});

test('background with webhooks: the chip says so, the response completes, and signed deliveries reach the job', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.startFromExample('background-webhooks');
  await expect(playground.chip('chip-background')).toHaveText('background + webhooks');
  await playground.sendButton.click();
  await expect(playground.runStatus).toHaveText('completed');
  const sent = await playground.requestSent(playground.lastTurn());
  expect(sent.body).toMatchObject({ background: true, webhook_url: expect.stringContaining('/api/webhooks/') });
  const id = String(await playground.lastTurn().getByTestId('response-id').textContent());
  await expect
    .poll(async () => {
      const detail = (await (await page.request.get(`/api/jobs/${encodeURIComponent(id)}`)).json()) as { deliveries?: unknown[] };
      return detail.deliveries?.length ?? 0;
    })
    .toBeGreaterThan(0);
});

test('web search with citations: a web search call with sources, and url_citation links in the answer', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const turn = await startAndSend(playground, 'web-search');
  await expect(turn.getByTestId('item-web-search-call').getByRole('list', { name: 'Sources' }).getByRole('link').first()).toBeVisible();
  await expect(turn.getByRole('list', { name: 'Citations' }).getByRole('link').first()).toBeVisible();
});

test('MCP approval: the call waits for approval; approving runs it and the card shows the decision', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  const turn = await startAndSend(playground, 'mcp-approval');
  await turn.getByTestId('mcp-approve').click();
  await expect(playground.turns).toHaveCount(2);
  await expect(playground.turn(1)).toHaveAttribute('data-turn-status', 'completed');
  await expect(playground.turn(1).getByTestId('item-mcp-call')).toContainText('MCP call · docs');
  await expect(playground.turn(0).getByTestId('mcp-decision')).toHaveAttribute('data-decision', 'approved');
});
