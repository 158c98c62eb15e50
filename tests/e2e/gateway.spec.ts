// How the playground treats a gateway that is not the built-in one: its model list, and failures of it.
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('a gateway answering 400 to GET /models is asked once, not in a loop, and the picker says why and takes a typed id', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/models', async (route) => {
    calls += 1;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'models are not listed here', type: 'invalid_request_error', param: null, code: null } }),
    });
  });
  const playground = new PlaygroundPage(page);
  await playground.open();
  await expect(page.getByTestId('model-description')).toContainText('The model list could not be loaded (models are not listed here)');
  await playground.model.fill('gpt-4.1-mini');
  await playground.openPanel();
  await playground.openTab('json');
  await playground.openTab('settings');
  await playground.visitAndReturn('Jobs');
  await expect(page.getByTestId('model-description')).toContainText('could not be loaded');
  expect(calls).toBe(1);
});
