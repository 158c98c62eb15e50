// Streaming transcript render cost in Chromium: the playground page beside a minimal append-only page, both fed 20,000 deltas at full speed by the built app.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import type { Browser, CDPSession } from '@playwright/test';
import { composeStreamWords } from '@/lib/local-gateway/agent/stream-words';
import { figure, type BenchSection } from './types';
import { hasBuild, launchChromium, loadNote, median, NO_BUILD_NOTE, startBuiltApp, type BenchApp } from './support';

const WORDS = 20_000;
const INPUT = `stream ${WORDS} words`;
const RUNS = 7;
const RUN_TIMEOUT_MS = 180_000;
const LONG_TASK_TARGET_MS = 80;
const BUSY_RATIO_TARGET = 1.5;
const PAINT_RATIO_TARGET = 2;

interface Sample {
  busyMs: number;
  longestTaskMs: number;
  longTasks: number;
  longTaskMs: number;
  streamMs: number;
  lastEventToPaintMs: number;
}

interface PageResult {
  longTasks: number[];
  sentAt: number;
  lastByteAt: number;
  paintedAt: number;
}

/** Whether the running build knows the "stream <N> words" trigger (a build older than it answers with a sentence). */
async function hasStreamWordsTrigger(origin: string): Promise<boolean> {
  const reply = await fetch(`${origin}/api/responses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ model: 'local-agent', input: 'stream 3 words', stream: false }),
  });
  const body = (await reply.json()) as { output?: { content?: { text?: string }[] }[] };
  const text = body.output?.[0]?.content?.[0]?.text ?? '';
  return text === composeStreamWords(3);
}

/** Serves the minimal page and pipes POST /api/responses to the app, so the page fetches same-origin like the playground does. */
function startMinimalServer(appOrigin: string): Promise<{ origin: string; server: http.Server }> {
  const html = fs.readFileSync(path.join(__dirname, 'minimal-page.html'));
  const app = new URL(appOrigin);
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/api/responses') {
      const headers = { ...request.headers, host: app.host, origin: app.origin };
      delete headers.referer;
      const upstream = http.request({ host: app.hostname, port: app.port, method: 'POST', path: '/api/responses', headers }, (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, server })));
}

/**
 * In the page, before sending: a longtask observer, and a waiter that checks once per animation frame for status
 * "completed" with the full text in the DOM; the frame after that one is taken as the final paint. Plain source,
 * not a function, because tsx's keepNames would add `__name` calls the page does not have.
 */
const ARM_PAGE_SOURCE = `(expectedLength) => {
  const bench = { longTasks: [] };
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => bench.longTasks.push(entry.duration))).observe({ type: 'longtask' });
  performance.setResourceTimingBufferSize(10000);
  const sentAt = performance.now();
  const isDone = () =>
    document.querySelector('[data-testid="run-status"]')?.textContent === 'completed' &&
    (document.querySelector('[data-testid="output-text"]')?.textContent?.length ?? 0) >= expectedLength;
  bench.done = new Promise((resolve) => {
    const check = () => {
      if (!isDone()) return requestAnimationFrame(check);
      requestAnimationFrame(() => {
        const streams = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/api/responses'));
        resolve({ longTasks: bench.longTasks, sentAt, lastByteAt: streams.at(-1)?.responseEnd ?? NaN, paintedAt: performance.now() });
      });
    };
    requestAnimationFrame(check);
  });
  window.__bench = bench;
}`;

async function taskDurationMs(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN) * 1000;
}

async function measureOnce(browser: Browser, url: string, expectedLength: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const field = page.getByTestId('field-input');
    await field.fill(INPUT);
    await page.waitForFunction((value) => (document.querySelector('[data-testid="field-input"]') as HTMLTextAreaElement | null)?.value === value, INPUT);
    const session = await context.newCDPSession(page);
    await session.send('Performance.enable');
    const busyBefore = await taskDurationMs(session);
    await page.evaluate(`(${ARM_PAGE_SOURCE})(${expectedLength})`);
    await field.press('Control+Enter');
    const result = (await page.evaluate(
      `Promise.race([window.__bench.done, new Promise((_, reject) => setTimeout(() => reject(new Error('the run did not complete in time')), ${RUN_TIMEOUT_MS}))])`,
    )) as PageResult;
    const busyMs = (await taskDurationMs(session)) - busyBefore;
    return {
      busyMs,
      longestTaskMs: Math.max(0, ...result.longTasks),
      longTasks: result.longTasks.length,
      longTaskMs: result.longTasks.reduce((sum, ms) => sum + ms, 0),
      streamMs: result.lastByteAt - result.sentAt,
      lastEventToPaintMs: result.paintedAt - result.lastByteAt,
    };
  } finally {
    await context.close();
  }
}

function ratio(playground: number, minimal: number): string {
  return minimal > 0 && Number.isFinite(playground) ? `${(playground / minimal).toFixed(1)}x` : 'n/a';
}

const METRICS: [keyof Sample, string][] = [
  ['busyMs', 'main thread busy (ms)'],
  ['longestTaskMs', 'longest task (ms; 0 = none over 50)'],
  ['longTasks', 'tasks over 50 ms'],
  ['longTaskMs', 'time in tasks over 50 ms (ms)'],
  ['streamMs', 'send to last byte (ms)'],
  ['lastEventToPaintMs', 'last event to final paint (ms)'],
];

export async function runTranscriptRenderBench(): Promise<BenchSection> {
  const title = `Streaming transcript render in Chromium, ${WORDS} text deltas (median of ${RUNS})`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let app: BenchApp | undefined;
  let minimal: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    app = await startBuiltApp('render');
    if (!(await hasStreamWordsTrigger(app.url))) {
      return { title, rows: [], notes: ['the build predates the "stream <N> words" trigger: run `npm run build` first'] };
    }
    const served = await startMinimalServer(app.url);
    minimal = served.server;
    browser = await launchChromium();
    const expectedLength = composeStreamWords(WORDS).length;
    const samples: Record<'playground' | 'minimal', Sample[]> = { playground: [], minimal: [] };
    for (let run = 0; run < RUNS; run += 1) {
      samples.playground.push(await measureOnce(browser, `${app.url}/`, expectedLength));
      samples.minimal.push(await measureOnce(browser, `${served.origin}/`, expectedLength));
    }
    const medians = (page: 'playground' | 'minimal', key: keyof Sample) => median(samples[page].map((sample) => sample[key]));
    const rows = METRICS.map(([key, metric]) => ({
      metric,
      playground: Math.round(medians('playground', key)),
      minimal: Math.round(medians('minimal', key)),
      ratio: key === 'longTasks' || key === 'longTaskMs' || key === 'longestTaskMs' ? '' : ratio(medians('playground', key), medians('minimal', key)),
    }));
    return {
      title,
      rows,
      figures: [
        figure('render.busy-x', 'Transcript render: main-thread busy / minimal page', medians('playground', 'busyMs') / medians('minimal', 'busyMs'), 'x', { max: BUSY_RATIO_TARGET }),
        figure('render.longest-task-ms', 'Transcript render: longest task (median of runs)', medians('playground', 'longestTaskMs'), 'ms', { max: LONG_TASK_TARGET_MS }),
        figure('render.paint-x', 'Transcript render: last event to final paint / minimal page', medians('playground', 'lastEventToPaintMs') / medians('minimal', 'lastEventToPaintMs'), 'x', { max: PAINT_RATIO_TARGET }),
      ],
      notes: [
        `longest task in any playground run: ${Math.round(Math.max(...samples.playground.map((sample) => sample.longestTaskMs)))} ms`,
        `input "${INPUT}" to local-agent through /api/responses of the production build, LOCAL_GATEWAY_TOKENS_PER_SECOND=0; minimal page: fetch + TextDecoder, each delta appended to one text node, served beside a pipe to the same route`,
        'busy: CDP Performance.getMetrics TaskDuration delta from send to final paint; long tasks: PerformanceObserver("longtask") armed before send',
        'last event: responseEnd of the /api/responses resource entry (last byte in the browser); final paint: the frame after the first frame showing status completed with the full text',
        loadNote(),
      ],
    };
  } finally {
    await browser?.close();
    minimal?.close();
    await app?.close();
  }
}
