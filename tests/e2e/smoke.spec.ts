import { expect, test, type ConsoleMessage } from '@playwright/test';

test('the shell renders, every page is reachable, health is green, no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('page-playground')).toBeVisible();

  for (const [link, pageId] of [
    ['nav-jobs', 'page-jobs'],
    ['nav-chains', 'page-chains'],
    ['nav-settings', 'page-settings'],
    ['nav-playground', 'page-playground'],
  ] as const) {
    await page.getByTestId(link).click();
    await expect(page.getByTestId(pageId)).toBeVisible();
    await expect(page.getByTestId(link)).toHaveAttribute('aria-current', 'page');
  }

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('health-status')).toHaveText('ok');
  await expect(page.getByTestId('health-gateway')).toContainText('local');
  await expect(page.getByTestId('health-database')).toContainText('ready (pglite)');

  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', gateway: { mode: 'local' }, database: { ok: true, kind: 'pglite' } });
  expect(problems).toEqual([]);
});
