// Server memory under use: RSS of the production server after 2,000 streamed runs through the proxy, beside its RSS after the first 100.
import { figure, type BenchSection } from './types';
import { measureStream } from './proxy-next';
import { hasBuild, loadNote, NO_BUILD_NOTE, readRssMb, round, startBuiltApp, startChildServer, type BenchApp, type ChildServer } from './support';

const EVENT_COUNT = 1_000;
const FIRST_RUNS = 100;
const ALL_RUNS = 2_000;
/** The proxy's default PROXY_MAX_CONCURRENT_STREAMS: runs go as a browser tab full of them would. */
const CONCURRENCY = 8;
const SETTLE_MS = 3_000;
const GROWTH_TARGET_MB = 50;

async function runStreams(url: string, count: number): Promise<number> {
  let next = 0;
  let incomplete = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const run = await measureStream(url);
      if (!run.isComplete) incomplete += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return incomplete;
}

async function settledRssMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return readRssMb(pid);
}

export async function runMemoryBench(): Promise<BenchSection> {
  const title = `Server memory: RSS after ${ALL_RUNS} streamed runs through the proxy vs after the first ${FIRST_RUNS}`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let upstream: ChildServer | undefined;
  let app: BenchApp | undefined;
  try {
    upstream = await startChildServer('sse-upstream.ts', [String(EVENT_COUNT)]);
    app = await startBuiltApp('memory', { GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-bench-memory', PROXY_RATE_LIMIT_PER_MINUTE: '100000000', GATEWAY_STREAM_IDLE_MS: '60000' });
    const url = `${app.url}/api/responses`;
    const atStart = readRssMb(app.pid);
    let incomplete = await runStreams(url, FIRST_RUNS);
    const afterFirst = await settledRssMb(app.pid);
    const checkpoints: Array<[number, number]> = [[FIRST_RUNS, afterFirst]];
    for (let done = FIRST_RUNS; done < ALL_RUNS; done += 500) {
      const batch = Math.min(500, ALL_RUNS - done);
      incomplete += await runStreams(url, batch);
      checkpoints.push([done + batch, readRssMb(app.pid)]);
    }
    const afterAll = await settledRssMb(app.pid);
    checkpoints[checkpoints.length - 1] = [ALL_RUNS, afterAll];
    return {
      title,
      rows: [{ runs: 0, 'RSS MB': round(atStart) }, ...checkpoints.map(([runs, rss]) => ({ runs, 'RSS MB': round(rss) }))],
      figures: [
        figure('memory.growth-mb', `Server RSS growth from run ${FIRST_RUNS} to run ${ALL_RUNS}`, afterAll - afterFirst, 'MB', { max: GROWTH_TARGET_MB }),
        figure('memory.incomplete-runs', 'Streamed runs that did not complete', incomplete, 'count', { max: 0 }),
      ],
      notes: [
        `${EVENT_COUNT}-event streams from a zero-delay upstream in its own process, ${CONCURRENCY} at a time, through /api/responses of the production build (PGlite; every run recorded in the history and the chain index).`,
        `RSS read from /proc/<pid>/status of the next start process; the first and last readings after ${SETTLE_MS / 1000} s idle, the ones between right after each batch.`,
        loadNote(),
      ],
    };
  } finally {
    await app?.close();
    await upstream?.close();
  }
}
