// Compare grids with personal sign-in in Chromium: Bo shares a grid he ran from its page; Ana finds it under Team, opens it
// read-only (its results readable, nothing to edit, run or delete), and duplicates it into a grid of her own she can run.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { RunningApp } from '../support/app-process';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { reserveAppUrl, startTeamApp } from '../support/team-app';
import { ComparePage } from './pages/compare-page';
import { LoginPage } from './pages/login-page';

let provider: TestProvider;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { port, redirectUri } = await reserveAppUrl();
  provider = await startTestProvider({ redirectUris: [redirectUri] });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo Builder' });
  provider.addAccount('ana', { email: 'ana@team.example', email_verified: true, name: 'Ana Analyst' });
  app = await startTeamApp(port, provider, { LOCAL_GATEWAY_TOKENS_PER_SECOND: '400' });
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

/** A page of its own (cookies apart) signed in as `login`, on /compare. */
async function signedIn(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The provider's page asks for a web font; nothing leaves this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`${app.url}/compare`);
  await expect(page).toHaveURL(/\/login\?next=%2Fcompare$/);
  await new LoginPage(page).signInWithProvider(login);
  await expect(page).toHaveURL(`${app.url}/compare`);
  return page;
}

test('a grid shared with the team is read-only to a teammate, who duplicates it to run her own', async ({ browser }) => {
  test.setTimeout(120_000);
  const bo = await signedIn(browser, 'bo');
  const made = await bo.request.post(`${app.url}/api/grids`, {
    headers: { Origin: app.url },
    data: {
      name: 'bo shares',
      base: { model: 'local-agent', stream: true },
      variants: [{ label: 'agent', patch: {} }, { label: 'echo', patch: { model: 'local-echo' } }],
      rows: [{ label: 'hi', input: 'hello there' }],
      checks: [{ type: 'status' }],
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  const bosGrid = new ComparePage(bo);
  await bosGrid.open(app.url, id);
  await bosGrid.run();
  await bosGrid.expectRunStatus('completed');
  await expect(bosGrid.cell(1, 0)).toHaveAttribute('data-pass', 'true');
  const share = bo.getByTestId('grid-share-team');
  await expect(share).not.toBeChecked();
  await share.click();
  await expect(share).toBeChecked();
  await expect.poll(async () => ((await (await bo.request.get(`${app.url}/api/grids/${id}`)).json()) as { shared: boolean }).shared).toBe(true);
  await expect(bo.getByTestId('grid-read-only')).toHaveCount(0);

  const ana = await signedIn(browser, 'ana');
  // Mine first: nothing of hers yet. Team: Bo's grid, marked read-only, with its last run.
  await expect(ana.getByTestId('grid-list-empty')).toBeVisible();
  // The radio itself is visually hidden: its label is what a person presses.
  await ana.getByTestId('grids-view').getByText('Team', { exact: true }).click();
  await expect(ana.getByTestId('grids-view').getByRole('radio', { name: 'Team' })).toBeChecked();
  const entry = ana.getByTestId('grid-entry').filter({ hasText: 'bo shares' });
  await expect(entry.getByTestId('grid-entry-shared')).toHaveText('shared with you: read-only');
  await expect(entry.getByTestId('grid-entry-run')).toContainText('2 of 2 passed');
  await entry.getByTestId('grid-entry-open').click();

  const hersToRead = new ComparePage(ana);
  await expect(hersToRead.workspace).toBeVisible();
  await expect(ana.getByTestId('grid-read-only')).toContainText('Only the person who made this grid may edit, run, stop or delete it.');
  await hersToRead.expectRunStatus('completed');
  await expect(hersToRead.cell(0, 0)).toHaveAttribute('data-pass', 'true');
  await expect(ana.getByTestId('export-csv')).toBeVisible();
  await expect(ana.getByTestId('run-grid')).toHaveCount(0);
  await expect(ana.getByTestId('rerun-column')).toHaveCount(0);
  await expect(ana.getByTestId('grid-delete')).toHaveCount(0);
  await expect(ana.getByTestId('grid-share-team')).toHaveCount(0);
  await expect(ana.getByTestId('grid-name')).not.toBeEditable();
  await hersToRead.openSetup();
  await expect(ana.getByTestId('grid-setup-fields')).toHaveAttribute('disabled', '');
  await expect(hersToRead.variantCard(1).getByTestId('variant-edit')).toBeDisabled();

  await ana.getByTestId('grid-duplicate').click();
  await expect(ana).not.toHaveURL(new RegExp(`/compare/${id}`));
  await expect(ana.getByTestId('grid-name')).toHaveValue('bo shares (copy)');
  await expect(ana.getByTestId('grid-read-only')).toHaveCount(0);
  const hers = new ComparePage(ana);
  await hers.run();
  await hers.expectRunStatus('completed');
  await expect(hers.cell(1, 0)).toHaveAttribute('data-pass', 'true');
  // Bo's grid is unchanged by any of it, and still his alone to change.
  const mine = await ana.request.put(`${app.url}/api/grids/${id}`, { headers: { Origin: app.url }, data: { name: 'taken', base: { model: 'local-echo' }, variants: [{ label: 'a', patch: {} }], rows: [{ label: 'r', input: 'x' }] } });
  expect(mine.status()).toBe(403);
});
