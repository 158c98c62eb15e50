// Images named in model output: a remote one is shown as its link with "Load image" and fetched only when asked.
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('a remote image in model output is not fetched until the user asks for it', async ({ page }) => {
  const probe = `/icon.svg?probe=${Date.now().toString(36)}`;
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('probe=') && request.resourceType() === 'image') fetched.push(request.url());
  });
  const playground = new PlaygroundPage(page);
  await playground.sendBody({ model: 'local-echo', stream: true, input: `Show ![tracker](${probe}) please` });
  await expect(playground.conversation.getByTestId('run-status')).toHaveText('completed');
  const output = playground.conversation.getByTestId('output-text').first();
  const remote = output.getByTestId('remote-image');
  await expect(remote.getByTestId('remote-image-link')).toHaveAttribute('href', probe);
  await expect(output.locator('img')).toHaveCount(0);
  expect(fetched).toEqual([]);

  await remote.getByRole('button', { name: /^Load image/ }).click();
  await expect(output.getByTestId('model-image')).toHaveAttribute('src', probe);
  await expect.poll(() => fetched.length).toBe(1);
});
