// Typing latency in Chromium: 180 characters typed into the playground's `input` beside a plain textarea in the same browser, with the default draft and with a 200 KB body.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { DRAFT_STORAGE_KEY } from '@/components/request/request-draft';
import { figure, type BenchSection } from './types';
import { hasBuild, launchChromium, loadNote, median, NO_BUILD_NOTE, round, startBuiltApp, type BenchApp } from './support';

const TEXT = 'The quick brown fox jumps over the lazy dog, then types a little more to see how the form keeps up. '.repeat(2).slice(0, 180);
const RUNS = 5;
const DEFAULT_TARGET = 1.3;
const HEAVY_TARGET = 1.5;
const HEAVY_BODY_BYTES = 200 * 1024;
const HEAVY_ITEMS = 50;
const HEAVY_TOOLS = 20;
const HEAVY_FIELD = `field-input-${HEAVY_ITEMS - 1}-content-0-text`;

/** A request body of about 200 KB: 50 input items (user messages with one text part) and 20 function tools. */
export function buildHeavyBody(): Record<string, unknown> {
  const tools = Array.from({ length: HEAVY_TOOLS }, (_, at) => ({
    type: 'function',
    name: `tool_${at}`,
    description: `Looks up record kind ${at} by its fields and returns the matching rows.`,
    strict: false,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 12 }, (_, field) => [`field_${field}`, { type: 'string', description: `Field ${field} of record kind ${at}: free text the tool matches against its index.` }]),
      ),
      required: ['field_0'],
    },
  }));
  const body: Record<string, unknown> = { model: 'local-agent', input: [] as unknown[], tools, stream: true };
  const fixedBytes = JSON.stringify(body).length;
  const perItem = Math.floor((HEAVY_BODY_BYTES - fixedBytes) / HEAVY_ITEMS) - 30;
  const sentence = 'Earlier turn of the conversation, kept as an input item so the request carries its context. ';
  body.input = Array.from({ length: HEAVY_ITEMS }, (_, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: at % 2 === 0 ? 'input_text' : 'output_text', text: `${at}: ${sentence.repeat(Math.ceil(perItem / sentence.length))}`.slice(0, perItem) }],
  }));
  // The item typed into is a user message (an input_text part the form edits as text).
  (body.input as Array<Record<string, unknown>>)[HEAVY_ITEMS - 1] = { role: 'user', content: [{ type: 'input_text', text: `last: ${sentence.repeat(20)}`.slice(0, perItem) }] };
  return body;
}

interface Scenario {
  name: string;
  /** The playground's draft in localStorage before the page loads (the heavy case), else the default draft. */
  body: Record<string, unknown> | null;
  /** Opens what the field lives in and returns it. */
  findField: (page: Page) => Promise<Locator>;
  /** What the plain textarea holds before typing (the same text the playground's field starts with). */
  plainText: string;
}

function startPlainServer(): Promise<{ origin: string; server: http.Server }> {
  const html = fs.readFileSync(path.join(__dirname, 'typing-page.html'));
  const server = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

const AFTER_TWO_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))';
const ARM_LONG_TASKS = `(() => { window.__longTasks = []; new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.__longTasks.push(entry.duration))).observe({ type: 'longtask' }); })()`;

async function typeOnce(browser: Browser, url: string, scenario: Scenario, isPlain: boolean): Promise<{ ms: number; longestTaskMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (!isPlain && scenario.body) {
      await context.addInitScript(`window.localStorage.setItem(${JSON.stringify(DRAFT_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ body: scenario.body, onBehalfOf: '' }))});`);
    }
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const field = isPlain ? page.getByTestId('field-input') : await scenario.findField(page);
    if (isPlain) await field.fill(scenario.plainText);
    await field.click();
    await page.waitForTimeout(500);
    await page.evaluate(AFTER_TWO_FRAMES);
    // The caret goes to the end once the page has settled (the click put it wherever it landed).
    await field.evaluate((element: HTMLTextAreaElement) => {
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });
    const before = await field.inputValue();
    await page.evaluate(ARM_LONG_TASKS);
    const started = performance.now();
    await page.keyboard.type(TEXT);
    await page.evaluate(AFTER_TWO_FRAMES);
    const ms = performance.now() - started;
    const after = await field.inputValue();
    if (after !== before + TEXT) {
      const at = [...after].findIndex((character, index) => character !== (before + TEXT)[index]);
      throw new Error(`${isPlain ? 'plain textarea' : 'playground'} (${scenario.name}): the field does not hold what was typed (${after.length} characters, ${before.length + TEXT.length} expected; first difference at ${at}: ${JSON.stringify(after.slice(at - 10, at + 30))} instead of ${JSON.stringify((before + TEXT).slice(at - 10, at + 30))})`);
    }
    const longTasks = (await page.evaluate('window.__longTasks')) as number[];
    return { ms, longestTaskMs: Math.max(0, ...longTasks) };
  } finally {
    await context.close();
  }
}

export async function runTypingBench(): Promise<BenchSection> {
  const title = `Typing ${TEXT.length} characters into \`input\` in Chromium: the playground beside a plain textarea (median of ${RUNS})`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  const heavy = buildHeavyBody();
  const heavyItems = heavy.input as Array<{ content: Array<{ text: string }> }>;
  const scenarios: Scenario[] = [
    { name: 'default draft', body: null, plainText: '', findField: async (page) => page.getByTestId('field-input') },
    {
      name: `${Math.round(JSON.stringify(heavy).length / 1024)} KB body (${HEAVY_ITEMS} input items, ${HEAVY_TOOLS} tools)`,
      body: heavy,
      plainText: heavyItems[HEAVY_ITEMS - 1]!.content[0]!.text,
      findField: async (page) => {
        const section = page.getByTestId('section-model-input');
        await section.locator('summary').click();
        const field = page.getByTestId(HEAVY_FIELD);
        await field.scrollIntoViewIfNeeded();
        return field;
      },
    },
  ];
  let app: BenchApp | undefined;
  let plain: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    app = await startBuiltApp('typing');
    const served = await startPlainServer();
    plain = served.server;
    browser = await launchChromium();
    const rows: BenchSection['rows'] = [];
    const figures = [];
    for (const [at, scenario] of scenarios.entries()) {
      const samples = { playground: [] as number[], plain: [] as number[], longest: [] as number[] };
      for (let run = 0; run < RUNS; run += 1) {
        const ours = await typeOnce(browser, `${app.url}/`, scenario, false);
        samples.playground.push(ours.ms);
        samples.longest.push(ours.longestTaskMs);
        samples.plain.push((await typeOnce(browser, `${served.origin}/`, scenario, true)).ms);
      }
      const ratio = median(samples.playground) / median(samples.plain);
      rows.push({
        case: scenario.name,
        'playground ms': Math.round(median(samples.playground)),
        'plain textarea ms': Math.round(median(samples.plain)),
        'ms a key (playground)': round(median(samples.playground) / TEXT.length, 2),
        'ms a key (plain)': round(median(samples.plain) / TEXT.length, 2),
        ratio: `${ratio.toFixed(2)}x`,
        'longest task ms (playground)': Math.round(Math.max(...samples.longest)),
      });
      figures.push(
        at === 0
          ? figure('typing.default-x', 'Typing into input, default draft: playground / plain textarea', ratio, 'x', { max: DEFAULT_TARGET })
          : figure('typing.heavy-x', `Typing into input, ${HEAVY_ITEMS} items + ${HEAVY_TOOLS} tools (200 KB): playground / plain textarea`, ratio, 'x', { max: HEAVY_TARGET }),
      );
    }
    return {
      title,
      rows,
      figures,
      notes: [
        'Wall time of Playwright keyboard.type (each key waits for the page to take it) plus two animation frames after the last key, so rendering the last key is counted; each run in a fresh browser context, playground and plain page alternating.',
        `Default draft: the composer's input. 200 KB body: the draft in localStorage before load, typed into the last input item's text (${HEAVY_FIELD}) in the side panel; the plain textarea starts with the same text.`,
        loadNote(),
      ],
    };
  } finally {
    await browser?.close();
    plain?.close();
    await app?.close();
  }
}
