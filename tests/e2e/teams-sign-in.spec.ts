// Personal sign-in in Chromium through the real login page of an OpenID provider the spec starts (oidc-provider):
// back where they started, named in the header, acting as themselves (read-only under ON_BEHALF_OF_POLICY=self), signed out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app-process';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { findFreePort } from '../support/ports';
import { oidcSettings } from '../support/team-app';
import { LoginPage } from './pages/login-page';
import { PlaygroundPage } from './pages/playground-page';

let provider: TestProvider;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({ redirectUris: [`${url}/api/auth/callback/oidc`] });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo Builder' });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-teams-e2e-'));
  app = await startApp(port, {
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    PGLITE_DIR: path.join(root, 'pglite'),
    PLAYGROUND_PUBLIC_URL: url,
    LOCAL_GATEWAY_TOKENS_PER_SECOND: '400',
    ...oidcSettings(provider),
  });
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

test('a person signs in through the provider\'s login page, acts as themselves, and signs out', async ({ page }) => {
  // The provider's page asks for a web font; nothing leaves this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`${app.url}/jobs`);
  await expect(page).toHaveURL(/\/login\?next=%2Fjobs$/);
  const login = new LoginPage(page);
  await expect(page.getByTestId('login-oidc')).toHaveText(`Sign in with 127.0.0.1:${new URL(provider.issuer).port}`);
  await login.signInWithProvider('bo');

  await expect(page).toHaveURL(`${app.url}/jobs`);
  await expect(page.getByTestId('page-jobs')).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Bo Builder');
  const cookie = (await page.context().cookies(app.url)).find((entry) => entry.name === 'playground_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  const playground = new PlaygroundPage(page);
  await page.goto(`${app.url}/`);
  await playground.openSection('section-gateway');
  const actingAs = page.getByTestId('field-x-on-behalf-of');
  await expect(actingAs).toHaveValue('bo@team.example');
  await expect(actingAs).not.toBeEditable();
  await expect(page.getByTestId('on-behalf-of-policy')).toContainText('ON_BEHALF_OF_POLICY=self');
  await playground.send('Hello as myself');
  await expect(playground.runStatus).toHaveText('completed');
  expect((await playground.requestSent(playground.turn(0))).headers['X-On-Behalf-Of']).toBe('bo@team.example');

  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(`${app.url}/login`);
  const after = await page.request.get(`${app.url}/api/history`);
  expect(after.status()).toBe(401);
});
