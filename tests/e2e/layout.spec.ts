import { expect, test, type Page } from '@playwright/test';
import { ChainsPage } from './pages/chains-page';
import { ComparePage } from './pages/compare-page';
import { JobsPage } from './pages/jobs-page';
import { LoginPage } from './pages/login-page';
import { PlaygroundPage } from './pages/playground-page';
import { SettingsPage } from './pages/settings-page';
import { SiteShell, VIEWPORTS } from './pages/site-shell';

// Every page at a laptop and a phone size, in both themes: nothing wider than the window,
// no axe violations, and a screenshot of each kept with the results. The data has long ids, to show they wrap.

const run = Date.now().toString(36);
/** An opaque id as long as the playground accepts today, in one unbroken word. */
const LONG_ID = `resp_${'Zq8xW2vB7nK4pLm9'.repeat(15)}`;

interface Fixture {
  jobId: string;
  chainLeafId: string;
  gridId: string;
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  const capture = (await (await request.post('/api/webhooks')).json()) as { id: string; url: string; secret: string };
  const created = await request.post('/api/responses', {
    data: { model: 'local-agent', input: `layout ${run}`, background: true, webhook_url: capture.url, webhook_secret: capture.secret, metadata: { run } },
  });
  expect(created.ok()).toBe(true);
  const jobId = ((await created.json()) as { id: string }).id;
  // A delivery naming a long id nobody tracks: shown under "Unmatched deliveries".
  const unmatched = await request.post(`/api/webhooks/${capture.id}`, {
    headers: { 'content-type': 'application/json', 'x-webhook-id': `evt_${run}`, 'x-webhook-signature': `sha256=${'0'.repeat(64)}` },
    data: JSON.stringify({ id: `evt_${run}`, type: 'response.completed', data: { id: LONG_ID, status: 'completed' } }),
  });
  expect(unmatched.status()).toBe(401);
  const first = ((await (await request.post('/api/responses', { data: { model: 'local-agent', input: 'First turn of the layout chain.' } })).json()) as { id: string }).id;
  const second = await request.post('/api/responses', { data: { model: 'local-reasoner', input: 'Second turn, with reasoning.', previous_response_id: first, reasoning: { summary: 'auto' } } });
  expect(second.ok(), await second.text()).toBe(true);
  // A grid with a long label and a long input, run once: its matrix scrolls inside its own region, never the page.
  const grid = (await (
    await request.post('/api/grids', {
      data: {
        name: `Layout grid ${run}`,
        base: { model: 'local-agent', stream: true },
        variants: [{ label: 'agent', patch: {} }, { label: LONG_ID.slice(0, 100), patch: { model: 'local-echo' } }, { label: 'broken', patch: { model: 'local-fail' } }],
        rows: [{ label: 'hi', input: 'hello there' }, { label: 'long', input: `Repeat this id: ${LONG_ID}` }],
        checks: [{ type: 'status' }, { type: 'contains', value: 'hello' }],
      },
    })
  ).json()) as { id: string };
  await request.post(`/api/grids/${grid.id}/runs`, { data: {} });
  fixture = { jobId, chainLeafId: ((await second.json()) as { id: string }).id, gridId: grid.id };
});

interface PageCase {
  name: string;
  /** Opens the page and waits until its content is there. */
  open: (page: Page) => Promise<void>;
  /** Sends requests before measuring: three times the usual time. */
  isSlow?: boolean;
}

const PAGES: PageCase[] = [
  {
    name: 'playground',
    isSlow: true,
    open: async (page) => {
      const playground = new PlaygroundPage(page);
      await playground.open();
      await expect(page.getByTestId('empty-thread')).toBeVisible();
      await playground.startFromExample('reasoning');
      await playground.sendButton.click();
      await expect(playground.runStatus).toHaveText('completed');
      await playground.send(`And one more thing, ${LONG_ID}`);
      await expect(playground.turns).toHaveCount(2);
      await expect(playground.runStatus).toHaveText('completed');
      // After sending, the composer is still on screen and the new turn is in view.
      await expect(playground.composer).toBeInViewport();
      await expect(playground.sendButton).toBeInViewport();
      await expect(playground.lastTurn().getByTestId('turn-heading')).toBeInViewport();
    },
  },
  {
    name: 'jobs',
    open: async (page) => {
      const jobs = new JobsPage(page);
      await jobs.open();
      await expect(jobs.row(fixture.jobId).getByTestId('job-status')).toHaveText('completed');
      await jobs.select(fixture.jobId);
      await expect(jobs.detail.locator('[data-testid="timeline-entry"][data-kind="delivery"]')).toHaveCount(3);
      await expect(jobs.unmatched).toContainText(LONG_ID);
    },
  },
  {
    name: 'chains',
    open: async (page) => {
      const chains = new ChainsPage(page);
      await chains.open(`?id=${fixture.chainLeafId}`);
      await expect(chains.turns()).toHaveCount(2);
      await chains.expectLoaded();
    },
  },
  {
    name: 'chains-long-id',
    open: async (page) => {
      const chains = new ChainsPage(page);
      await chains.open(`?id=${LONG_ID}`);
      await expect(chains.turn(LONG_ID)).toHaveAttribute('data-turn-kind', 'broken');
      await chains.expectLoaded();
    },
  },
  {
    name: 'compare',
    open: async (page) => {
      await page.goto('/compare');
      await expect(page.getByTestId('grid-entry').first()).toBeVisible();
    },
  },
  {
    name: 'compare-grid',
    open: async (page) => {
      const grid = new ComparePage(page);
      await page.goto(`/compare/${fixture.gridId}`);
      await grid.expectRunStatus('completed');
      await expect(grid.cell(2, 1)).toHaveAttribute('data-pass', 'false');
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      const settings = new SettingsPage(page);
      await settings.open();
      await settings.expectHealthy();
    },
  },
  {
    name: 'login',
    open: async (page) => {
      const login = new LoginPage(page);
      await login.open('?error=1');
      await expect(login.error).toBeVisible();
    },
  },
];

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const pageCase of PAGES) {
      test(`${pageCase.name}: fits the window and passes axe in both themes`, async ({ page }, testInfo) => {
        if (pageCase.isSlow) test.slow();
        const shell = new SiteShell(page);
        await pageCase.open(page);
        for (const theme of ['light', 'dark'] as const) {
          await shell.chooseTheme(theme);
          await shell.expectTheme(theme);
          const label = `${pageCase.name} ${size} ${theme}`;
          await shell.expectNoHorizontalOverflow(label);
          await shell.expectAccessible(label);
          await shell.saveScreenshot(testInfo, `${pageCase.name}-${size}-${theme}.png`);
        }
      });
    }
  });
}
