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
    ['nav-compare', 'page-compare'],
    ['nav-jobs', 'page-jobs'],
    ['nav-chains', 'page-chains'],
    ['nav-recordings', 'page-recordings'],
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
  await expect(page.getByTestId('health-gateway-state')).toHaveText('reachable');
  await expect(page.getByTestId('health-gateway-key')).toHaveText('accepted');
  await expect(page.getByTestId('health-checked-at')).toContainText('may have changed since');
  await expect(page.getByTestId('health-database')).toContainText('ready (pglite)');

  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', gateway: { mode: 'local' }, database: { ok: true, kind: 'pglite' } });
  expect(problems).toEqual([]);
});

test('every page carries the security headers, with a script policy that needs the nonce', async ({ request }) => {
  for (const path of ['/', '/compare', '/jobs', '/chains', '/recordings', '/settings']) {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    const scriptSources = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src')) ?? '';
    expect(scriptSources, path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSources, path).not.toContain("'unsafe-inline'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('same-origin');
    const nonce = /'nonce-([^']+)'/.exec(scriptSources)?.[1] ?? '';
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});
