// Compare grids against the built app at zero pacing: a 20 × 4 grid (80 streamed cells) at concurrency 8 beside the same 80
// requests fired through the proxy by a bare script at concurrency 8 (wall time, median of 9, alternating), and in Chromium
// the page's longest main-thread task while the grid's cells stream onto it.
import type { RunningApp } from '../../tests/support/app-process';
import { hasBuild, launchChromium, loadNote, median, NO_BUILD_NOTE, startBuiltApp, untilProcessesIdle, type BenchApp } from './support';
import { figure, type BenchSection } from './types';

const ROWS = 20;
const MODELS = ['local-agent', 'local-echo', 'local-agent-q4', 'local-agent-dense'];
const CONCURRENCY = 8;
const RUNS = 9;
const WALL_RATIO_TARGET = 1.2;
const LONG_TASK_TARGET_MS = 100;

const INPUTS = Array.from({ length: ROWS }, (_, index) => `Tell me about topic ${index + 1} in detail, please.`);
const BASE = { stream: true, text: { verbosity: 'high' } };

const GRID = {
  name: 'bench 20 × 4',
  base: { model: MODELS[0], ...BASE },
  variants: MODELS.map((model) => ({ label: model, patch: { model } })),
  rows: INPUTS.map((input, index) => ({ label: `r${index + 1}`, input })),
  checks: [{ type: 'status' }, { type: 'contains', value: 'topic' }],
};

async function post(app: RunningApp, pathname: string, body: unknown): Promise<Response> {
  return fetch(`${app.url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify(body) });
}

/** The 80 cells' requests through /api/responses, 8 at a time, each stream read to its end: what the grid is measured against. */
async function runBare(app: RunningApp): Promise<number> {
  const bodies = INPUTS.flatMap((input) => MODELS.map((model) => ({ ...BASE, model, input })));
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const reply = await post(app, '/api/responses', body);
      const text = await reply.text();
      if (!reply.ok || !text.includes('response.completed')) throw new Error(`a bare request did not complete (HTTP ${reply.status})`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

/** One run of the grid: from POST …/runs to the `end` event of its progress stream. */
async function runGrid(app: RunningApp, gridId: string): Promise<{ wallMs: number; passed: number }> {
  const started = performance.now();
  const run = (await (await post(app, `/api/grids/${gridId}/runs`, { concurrency: CONCURRENCY })).json()) as { id: string };
  const events = await fetch(`${app.url}/api/grids/${gridId}/runs/${run.id}/events`);
  const text = await events.text();
  const wallMs = performance.now() - started;
  if (!text.includes('event: end')) throw new Error('the grid run did not end');
  const final = (await (await fetch(`${app.url}/api/grids/${gridId}/runs/${run.id}`)).json()) as { status: string; totals: { passed: number } };
  if (final.status !== 'completed') throw new Error(`the grid run ended ${final.status}`);
  return { wallMs, passed: final.totals.passed };
}

const ARM_PAGE_SOURCE = `() => {
  window.__bench = { longTasks: [] };
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.__bench.longTasks.push(entry.duration))).observe({ type: 'longtask' });
}`;

/** The grid page while its 80 cells stream: every main-thread task over 50 ms, from Run to the run shown completed. */
async function measurePage(app: RunningApp, gridId: string): Promise<{ longestMs: number; longTasks: number; wallMs: number }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${app.url}/compare/${gridId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('run-concurrency').fill(String(CONCURRENCY));
    await page.evaluate(`(${ARM_PAGE_SOURCE})()`);
    const started = performance.now();
    // The page shows the grid's latest run (the API's, already completed) until the new one is picked: wait for that one.
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/grids/${gridId}/runs`),
      page.getByTestId('run-grid').click(),
    ]);
    const { id: runId } = (await reply.json()) as { id: string };
    // Locators only: the page's script policy refuses the evaluated strings waitForFunction would need.
    await page.locator(`[data-testid="run-select"] option[value="${runId}"]:checked`).waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByTestId('run-status').and(page.locator('[data-status="completed"]')).waitFor({ timeout: 300_000 });
    await page.locator(`[data-testid="run-progressbar"][aria-valuenow="${ROWS * MODELS.length}"]`).waitFor();
    const wallMs = performance.now() - started;
    const longTasks = (await page.evaluate('window.__bench.longTasks')) as number[];
    return { longestMs: Math.max(0, ...longTasks), longTasks: longTasks.length, wallMs };
  } finally {
    await browser.close();
  }
}

export async function runGridsBench(): Promise<BenchSection> {
  const title = `Compare grids: a ${ROWS} × ${MODELS.length} grid at concurrency ${CONCURRENCY} beside the same ${ROWS * MODELS.length} requests from a bare script (median of ${RUNS})`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let app: BenchApp | undefined;
  try {
    // The proxy's per-client limits are for browsers; the bare script is one client firing 8 streams at once. The local
    // gateway's per-key limit (1,200 a minute) is lifted too: the runs send about 1,600 requests within a minute.
    app = await startBuiltApp('grids', { PROXY_RATE_LIMIT_PER_MINUTE: '100000', PROXY_MAX_CONCURRENT_STREAMS: '0', LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE: '0' });
    const grid = (await (await post(app, '/api/grids', GRID)).json()) as { id: string };
    await runBare(app);
    await runGrid(app, grid.id);
    const bare: number[] = [];
    const gridded: number[] = [];
    let passed = 0;
    // Each measured run starts once the server has written what the run before it left (its recordings): else that
    // work lands on whichever side runs next.
    const idle = () => untilProcessesIdle([app!.pid]);
    for (let run = 0; run < RUNS; run += 1) {
      // Alternating, so a slower moment of the machine does not land on one side only.
      if (run % 2 === 0) bare.push(await idle().then(() => runBare(app!)));
      const result = await idle().then(() => runGrid(app!, grid.id));
      gridded.push(result.wallMs);
      passed = result.passed;
      if (run % 2 === 1) bare.push(await idle().then(() => runBare(app!)));
    }
    const page = await measurePage(app, grid.id);
    const ratio = median(gridded) / median(bare);
    return {
      title,
      rows: [
        { measure: `wall time, ${ROWS * MODELS.length} streamed requests (ms)`, 'bare script': Math.round(median(bare)), grid: Math.round(median(gridded)), ratio: `${ratio.toFixed(2)}x`, target: `at most ${WALL_RATIO_TARGET}x` },
        { measure: 'page: longest main-thread task while cells stream (ms)', 'bare script': '', grid: Math.round(page.longestMs), ratio: '', target: `at most ${LONG_TASK_TARGET_MS} ms` },
        { measure: 'page: tasks over 50 ms', 'bare script': '', grid: page.longTasks, ratio: '', target: '' },
        { measure: 'page: Run to the run shown completed (ms)', 'bare script': '', grid: Math.round(page.wallMs), ratio: '', target: '' },
      ],
      figures: [
        figure('grids.wall-ratio', 'Compare grid: wall time / the same requests from a bare script', ratio, 'x', { max: WALL_RATIO_TARGET }),
        figure('grids.longest-task-ms', 'Compare grid page: longest main-thread task while cells stream', page.longestMs, 'ms', { max: LONG_TASK_TARGET_MS }),
      ],
      notes: [
        `targets: grid wall time at most ${WALL_RATIO_TARGET}x the bare script (now ${ratio.toFixed(2)}x); no page task over ${LONG_TASK_TARGET_MS} ms (longest ${Math.round(page.longestMs)} ms); reported, never failed`,
        `models ${MODELS.join(', ')}; ${ROWS} inputs with text.verbosity high; LOCAL_GATEWAY_TOKENS_PER_SECOND=0; cells passing both checks in the last run: ${passed} of ${ROWS * MODELS.length}`,
        'bare: POST /api/responses through the proxy, 8 workers, each stream read to its end; grid: POST /api/grids/{id}/runs to the end event of its progress stream (each cell stored with its event log, checks judged); each run starts once the server has been idle for 0.5 s (under 10 % of a CPU)',
        'page: PerformanceObserver("longtask") armed before Run, in Chromium against the production build, the matrix updated from the live events',
        loadNote(),
      ],
    };
  } finally {
    await app?.close();
  }
}
