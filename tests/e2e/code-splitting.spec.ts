// Code splitting, timing-free: the playground's first-load scripts hold no CodeMirror; the JSON tab loads it when opened;
// the shell, /settings, /jobs and /chains load no zod (nor /jobs react-hook-form) until a form is submitted or a chain opened;
// a new visit to the playground fetches neither zod nor the run machine before it is idle, and its first edit or send does;
// nor the fields of the sections that start collapsed, the examples' bodies or Compare's grid maker, each loaded when first asked for.
import { expect, test, type Response } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** A class name CodeMirror's view module writes into its base theme: in the bundle wherever CodeMirror is. */
const CODEMIRROR_MARK = 'cm-scroller';

/** A type name zod's core registers with every schema class: in the bundle wherever zod is. */
const ZOD_MARK = '$ZodType';

/** An option react-hook-form's form control reads (a property name, kept by the minifier): in the bundle wherever it is. */
const REACT_HOOK_FORM_MARK = 'shouldUseNativeValidation';

/** A sentence of the run machine's (lib/run/words.ts): in the bundle wherever the run machine is. */
const RUN_MACHINE_MARK = 'The stream closed before the response finished.';

function firstLoadScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((match) => !/\snomodule[\s=>]/i.test(match[0])).map((match) => match[1] ?? '');
}

test("the playground's first-load scripts hold no CodeMirror, and opening the JSON tab loads it", async ({ page, request }) => {
  const scripts = firstLoadScripts(await (await request.get('/')).text());
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const body = await (await request.get(src)).text();
    expect(body.includes(CODEMIRROR_MARK), `${src} carries CodeMirror`).toBe(false);
  }

  const playground = new PlaygroundPage(page);
  await playground.open();
  const later: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) later.push(response);
  });
  await expect(await playground.jsonText()).toContainText('"model"');
  const bodies = await Promise.all(later.map((response) => response.text()));
  expect(bodies.some((body) => body.includes(CODEMIRROR_MARK))).toBe(true);
});

/** Collects the scripts a page fetches from now on, to show a marker is real where the code does load. */
function collectScripts(page: import('@playwright/test').Page): () => Promise<string[]> {
  const later: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) later.push(response);
  });
  return () => Promise.all(later.map((response) => response.text()));
}

test('the shell, /settings, /jobs and /chains load no zod: the fetcher, the index and the acting-user check do without it', async ({ request }) => {
  for (const pagePath of ['/', '/settings', '/jobs', '/chains']) {
    const scripts = firstLoadScripts(await (await request.get(pagePath)).text());
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const body = await (await request.get(src)).text();
      expect(body.includes(ZOD_MARK), `${pagePath}: ${src} carries zod`).toBe(false);
    }
  }
});

test("/jobs loads no react-hook-form, and its forms load the routes' schemas with the first submit, each message at its field", async ({ page, request }) => {
  for (const src of firstLoadScripts(await (await request.get('/jobs')).text())) {
    const body = await (await request.get(src)).text();
    expect(body.includes(REACT_HOOK_FORM_MARK), `/jobs: ${src} carries react-hook-form`).toBe(false);
  }
  const capture = (await (await page.request.post('/api/webhooks')).json()) as { id: string };
  await page.goto('/jobs');
  const loaded = collectScripts(page);
  const track = page.getByTestId('track-job-form');
  await page.getByTestId('track-submit').click();
  await expect(track.getByRole('alert')).toHaveText('is required');
  await expect(page.getByTestId('track-response-id')).toBeFocused();
  expect((await loaded()).some((body) => body.includes(ZOD_MARK))).toBe(true);
  // After a refused submit a change is checked again: a valid id clears the message before the next Track.
  await page.getByTestId('track-response-id').fill('resp_x');
  await expect(track.getByRole('alert')).toHaveCount(0);
  await page.getByTestId('track-on-behalf-of').fill('zoë');
  await page.getByTestId('track-submit').click();
  await expect(track.getByRole('alert')).toHaveText('must be printable ASCII');

  await page.getByTestId('capture-select').selectOption(capture.id);
  const answer = page.getByTestId('capture-answer-form');
  await page.getByTestId('capture-answer-status').fill('99');
  await page.getByTestId('capture-answer-save').click();
  await expect(answer.getByRole('alert')).toHaveText('must be 200 to 599');

  // The marker is real: the request builder, which is made with react-hook-form, brings it.
  const playgroundScripts = collectScripts(page);
  await new PlaygroundPage(page).open();
  expect((await playgroundScripts()).some((body) => body.includes(REACT_HOOK_FORM_MARK))).toBe(true);
});

test('/chains opens a chain with the walker and the reply schemas loaded then: its first-load scripts hold neither', async ({ page }) => {
  await page.goto('/chains');
  await expect(page.getByTestId('chains-empty')).toBeVisible();
  const loaded = collectScripts(page);
  await page.goto(`/chains?id=resp_code_split_${Date.now()}`);
  await expect(page.getByTestId('chain-view').getByTestId('broken-title')).toHaveText('Not found');
  expect((await loaded()).some((body) => body.includes(ZOD_MARK))).toBe(true);
});

/** Opens the playground as a new visit and waits until it is idle: the scripts fetched so far, and a way to read them again later. */
async function openUntilIdle(page: import('@playwright/test').Page) {
  const loaded = collectScripts(page);
  const playground = new PlaygroundPage(page);
  await playground.open();
  await page.waitForLoadState('networkidle');
  const atIdle = await loaded();
  expect(atIdle.length).toBeGreaterThan(3);
  return { playground, loaded, atIdle };
}

/** Markers of code the playground loads on first use: the code generators, the JSON Schema meta-schema validator (an ajv message), the tool templates, the turn views. */
const ON_FIRST_USE = { codeExport: '--no-buffer', metaSchema: 'must NOT have duplicate items', toolTemplates: 'Load the definition lazily through tool search.', turnViews: 'live-metrics' } as const;

test('a new visit to the playground loads no code export, meta-schema validator, tool templates or turn views; each loads with its first use', async ({ page }) => {
  const { playground, loaded, atIdle: atStart } = await openUntilIdle(page);
  for (const [name, mark] of Object.entries(ON_FIRST_USE)) expect(atStart.some((body) => body.includes(mark)), `${name} loaded with the page`).toBe(false);

  await playground.openTab('code');
  await expect(page.getByTestId('request-panel')).toContainText('--no-buffer');
  expect((await loaded()).some((body) => body.includes(ON_FIRST_USE.codeExport))).toBe(true);

  const output = await playground.openSection('section-output');
  await output.getByTestId('field-text-format-type').selectOption('json_schema');
  await expect(output.getByText('checked against the JSON Schema meta-schema')).toBeVisible();
  expect((await loaded()).some((body) => body.includes(ON_FIRST_USE.metaSchema))).toBe(true);

  const tool = await playground.addTool('function');
  await expect(tool.getByTestId('field-tools-0-name')).toHaveValue('get_weather');
  expect((await loaded()).some((body) => body.includes(ON_FIRST_USE.toolTemplates))).toBe(true);

  await playground.openTab('settings');
  await page.getByTestId('new-request').click();
  await playground.send('hello');
  await expect(playground.turn(0)).toBeVisible();
  expect((await loaded()).some((body) => body.includes(ON_FIRST_USE.turnViews))).toBe(true);
});

test('a new visit to the playground fetches no zod and no run machine before idle; its first edit shows the schema\'s error at the field', async ({ page }) => {
  const { playground, loaded, atIdle } = await openUntilIdle(page);
  expect(atIdle.some((body) => body.includes(ZOD_MARK)), 'zod fetched before idle').toBe(false);
  expect(atIdle.some((body) => body.includes(RUN_MACHINE_MARK)), 'the run machine fetched before idle').toBe(false);

  const sampling = await playground.openSection('section-sampling');
  await sampling.getByTestId('field-temperature').fill('3');
  await expect(page.getByTestId('field-temperature-error')).toContainText('temperature');
  await expect(playground.sendButton).toHaveAttribute('aria-disabled', 'true');
  expect((await loaded()).some((body) => body.includes(ZOD_MARK))).toBe(true);

  await sampling.getByTestId('field-temperature').fill('');
  await playground.send('hello');
  await expect(playground.turn(0)).toBeVisible();
  expect((await loaded()).some((body) => body.includes(RUN_MACHINE_MARK))).toBe(true);
});

test("a first send straight after opening waits for the checker: a restored draft the schema refuses is not sent, its error at the field", async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('request-builder-draft-v1', JSON.stringify({ body: { model: 'local-agent', input: 'hi', stream: true, temperature: 3 }, onBehalfOf: '' }));
  });
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-notice')).toContainText('Not sent: fix the 1 problem');
  await expect(page.getByTestId('field-temperature-error')).toContainText('temperature');
  await expect(playground.turns).toHaveCount(0);
});

/** Markers of what the playground loads when first asked for: a help line of the Sampling section (one of those that start collapsed), an example's input, Compare's first variant label. */
const WHEN_ASKED = { laterSections: 'Nucleus sampling; an alternative to temperature.', exampleBodies: 'Plan a three-day trip to Kyoto.', compareGrid: 'variant 1' } as const;

test("a new visit to the playground loads no collapsed section's fields, no example body and no grid maker before idle; opening, pointing or choosing loads each", async ({ page }) => {
  const { playground, loaded, atIdle } = await openUntilIdle(page);
  for (const [name, mark] of Object.entries(WHEN_ASKED)) expect(atIdle.some((body) => body.includes(mark)), `${name} fetched before idle`).toBe(false);
  // The sections that start open are there at once.
  await expect(page.getByTestId('field-instructions')).toBeVisible();

  await playground.openPanel();
  const sampling = page.getByTestId('section-sampling');
  await sampling.locator('summary').click();
  await expect(sampling.getByTestId('field-temperature')).toBeVisible();
  await expect(sampling.getByTestId('section-loading')).toHaveCount(0);
  expect((await loaded()).some((body) => body.includes(WHEN_ASKED.laterSections))).toBe(true);

  await page.getByTestId('open-compare').hover();
  await expect.poll(async () => (await loaded()).some((body) => body.includes(WHEN_ASKED.compareGrid))).toBe(true);

  await page.getByTestId('example-reasoning').click();
  await expect(playground.composer).toHaveValue(WHEN_ASKED.exampleBodies);
  expect((await loaded()).some((body) => body.includes(WHEN_ASKED.exampleBodies))).toBe(true);
});
