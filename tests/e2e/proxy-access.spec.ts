// The proxy in the running app: same-origin rule, session API, browser-key settings, and (with PLAYGROUND_ACCESS_TOKEN set) the sign-in gate.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startApp } from '../support/app-process';
import { findFreePort } from '../support/ports';

const ACCESS_TOKEN = process.env.PLAYGROUND_ACCESS_TOKEN;

test('a cross-origin POST is refused with a 403 envelope', async ({ request }) => {
  const response = await request.post('/api/responses', { headers: { Origin: 'https://evil.example' }, data: { model: 'm', input: 'hi' } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: { code: 'cross_origin_request', type: 'permission_error', param: null } });
});

/** A GET sent with a Host header of our choosing, as a page on a rebinding name would send it. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test('a host name that is not loopback or the public URL gets 421 (DNS rebinding), GETs included', async ({ baseURL }) => {
  const rebound = await getWithHost(`${baseURL}/api/history`, 'rebind.attacker.example');
  expect(rebound.status).toBe(421);
  expect(JSON.parse(rebound.body)).toMatchObject({ error: { code: 'unknown_host', type: 'invalid_request_error', param: null } });
  expect((await getWithHost(`${baseURL}/`, 'rebind.attacker.example')).status).toBe(421);
  expect((await getWithHost(`${baseURL}/api/health`, `localhost:${new URL(baseURL ?? '').port}`)).status).toBe(200);
});

test('the session API says what the proxy requires and allows', async ({ request }) => {
  const response = await request.get('/api/session');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ access_token_required: !!ACCESS_TOKEN, allow_browser_keys: false });
});

test('settings explain that browser keys are off by default', async ({ page }) => {
  test.skip(!!ACCESS_TOKEN, 'covered by the sign-in test when a token is set');
  await page.goto('/settings');
  await expect(page.getByTestId('browser-key-disabled')).toContainText('ALLOW_BROWSER_KEYS');
});

test('without a session, pages go to /login and API routes answer 401; the token opens a session', async ({ page }) => {
  test.setTimeout(180_000);
  // A second app process with the token set: the shared e2e server runs without one.
  const token = 'e2e-access-token-0123456789';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-access-'));
  const pgliteDir = path.join(root, 'pglite');
  const app = await startApp(await findFreePort(), { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next', PGLITE_DIR: pgliteDir, PLAYGROUND_ACCESS_TOKEN: token });
  try {
    const api = await page.request.get(`${app.url}/api/models`);
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ error: { code: 'session_required' } });
    expect((await page.request.get(`${app.url}/api/health`)).status()).toBe(200);
    // The sign-in page's icon loads without a session.
    const icon = await page.request.get(`${app.url}/icon.svg`, { maxRedirects: 0 });
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg');

    await page.goto(`${app.url}/jobs`);
    await expect(page).toHaveURL(/\/login\?next=%2Fjobs/);
    await page.getByLabel('Access token').fill('not-the-right-token');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await page.getByLabel('Access token').fill(token);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('page-jobs')).toBeVisible();
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'playground_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await (await page.request.get(`${app.url}/api/session`)).json()).toMatchObject({ authenticated: true });
    expect((await page.request.get(`${app.url}/api/models`)).status()).toBe(200);

    // Sign-out ends the session on the server: the same cookie, replayed, is refused.
    const replayed = { Cookie: `playground_session=${cookie?.value ?? ''}` };
    expect((await page.request.delete(`${app.url}/api/session`)).status()).toBe(200);
    const afterSignOut = await page.request.get(`${app.url}/api/models`, { headers: replayed });
    expect(afterSignOut.status()).toBe(401);
  } finally {
    await app.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
