// Server memory under use: RSS of the production server after 2,000 streamed runs through the proxy, beside its RSS after the first 100 (at rest, and 3 s after the runs); and, from a second server run the same way, its live heap after a full GC.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../../tests/support/ports';
import { figure, type BenchSection } from './types';
import { measureStream } from './proxy-next';
import { hasBuild, loadNote, makeTempDir, NO_BUILD_NOTE, readRssMb, round, startBuiltApp, startChildServer, type BenchApp, type ChildServer } from './support';

const execFileAsync = promisify(execFile);

const EVENT_COUNT = 1_000;
const FIRST_RUNS = 100;
const ALL_RUNS = 2_000;
/** The proxy's default PROXY_MAX_CONCURRENT_STREAMS: runs go as a browser tab full of them would. */
const CONCURRENCY = 8;
const SETTLE_MS = 3_000;
/**
 * How long the server is left idle before its RSS at rest is read. V8's memory reducer gives memory back in steps, about
 * 8 s apart, starting 20 to 35 s after a burst on this machine and later under load (probes: 490 MB, 461 at 27 s idle,
 * 408 at 35 s; after 2,000 runs 611 MB, 428 at 32 s). Waiting for RSS to hold still read between two steps, or before
 * the first after a small early drift (3 s of stillness: +179 MB at 01:52 UTC; 10 s: +210 MB under load at 03:07), so the
 * reading is taken at a fixed idle time well past them.
 */
const REST_MS = 75_000;
const AT_REST_COLUMN = `RSS MB at rest (${REST_MS / 1000} s idle)`;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface IdleRss {
  /** RSS SETTLE_MS after the last run: garbage V8 has not collected yet is still in it. */
  afterLoad: number;
  /** RSS once the server has been idle for REST_MS: V8's memory reducer has collected and shrunk the heap by then. */
  atRest: number;
}

/** RSS of an idle server: SETTLE_MS after the last run (garbage V8 has not collected yet is in it), then after REST_MS idle. */
export async function idleRss(readRss: () => number, wait: (ms: number) => Promise<void> = sleep): Promise<IdleRss> {
  await wait(SETTLE_MS);
  const afterLoad = readRss();
  await wait(REST_MS - SETTLE_MS);
  return { afterLoad, atRest: readRss() };
}

/** The live JS heap of a server listening with `--inspect` on `port`, in MB, after a full GC (heap-probe.ts). */
async function liveHeapMb(port: number): Promise<number> {
  const { stdout } = await execFileAsync(process.execPath, ['--experimental-websocket', '--no-warnings', '--import', 'tsx', path.join(__dirname, 'heap-probe.ts'), String(port)], { timeout: 60_000 });
  return (JSON.parse(stdout) as { usedSize: number }).usedSize / (1024 * 1024);
}

const appEnv = (upstreamUrl: string): Record<string, string> => ({ GATEWAY_BASE_URL: upstreamUrl, GATEWAY_API_KEY: 'sk-bench-memory', PROXY_RATE_LIMIT_PER_MINUTE: '100000000', GATEWAY_STREAM_IDLE_MS: '60000' });

/** Runs by each checkpoint: the first 100, then 500 at a time up to ALL_RUNS. */
function checkpointRuns(): number[] {
  const runs = [FIRST_RUNS];
  for (let done = FIRST_RUNS; done < ALL_RUNS; ) {
    done = Math.min(ALL_RUNS, done + 500);
    runs.push(done);
  }
  return runs;
}

/**
 * The second server: the same runs, with the inspector on; at each checkpoint a full GC, then its live heap. Garbage V8
 * has not collected yet is not in it (the RSS figure holds that too: V8 lets the old generation grow to several times the
 * live heap before a full collection), so what grows here is memory the server still holds: a leak shows here.
 */
async function measureLiveHeap(upstreamUrl: string, pgliteDir: string): Promise<{ live: Map<number, number>; incomplete: number }> {
  const inspectorPort = await findFreePort();
  const app = await startBuiltApp('memory-heap', { ...appEnv(upstreamUrl), PGLITE_DIR: pgliteDir, NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}` });
  try {
    const url = `${app.url}/api/responses`;
    const live = new Map<number, number>();
    let incomplete = 0;
    let done = 0;
    for (const runs of checkpointRuns()) {
      incomplete += await runStreams(url, runs - done);
      done = runs;
      live.set(runs, await liveHeapMb(inspectorPort));
    }
    return { live, incomplete };
  } finally {
    await app.close();
  }
}

export async function runMemoryBench(): Promise<BenchSection> {
  const title = `Server memory: RSS after ${ALL_RUNS} streamed runs through the proxy vs after the first ${FIRST_RUNS}`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let upstream: ChildServer | undefined;
  let app: BenchApp | undefined;
  const databases = makeTempDir('memory-databases');
  try {
    upstream = await startChildServer('sse-upstream.ts', [String(EVENT_COUNT)]);
    // The database folder is made by a first start, as on a user's machine: creating it (PGlite's initdb) holds about
    // 400 MB of memory that is freed whenever V8 next collects, and counted in the first reading or not, it made that
    // reading unsteady (about 455 to 560 MB, or 860 to 930 MB). Each measured server starts on its own copy of it.
    const primed = path.join(databases, 'primed');
    await (await startBuiltApp('memory-prime', { ...appEnv(upstream.url), PGLITE_DIR: primed })).close();
    const [measuredDir, heapDir] = [path.join(databases, 'rss'), path.join(databases, 'heap')];
    fs.cpSync(primed, measuredDir, { recursive: true });
    fs.cpSync(primed, heapDir, { recursive: true });
    app = await startBuiltApp('memory', { ...appEnv(upstream.url), PGLITE_DIR: measuredDir });
    const url = `${app.url}/api/responses`;
    const { pid } = app;
    const readRss = () => readRssMb(pid);
    const atStart = readRss();
    let incomplete = await runStreams(url, FIRST_RUNS);
    const afterFirst = await idleRss(readRss);
    const checkpoints: Array<[number, number, IdleRss | null]> = [[FIRST_RUNS, afterFirst.afterLoad, afterFirst]];
    let done = FIRST_RUNS;
    for (const runs of checkpointRuns().slice(1)) {
      incomplete += await runStreams(url, runs - done);
      done = runs;
      checkpoints.push([runs, readRss(), null]);
    }
    const afterAll = await idleRss(readRss);
    checkpoints[checkpoints.length - 1] = [ALL_RUNS, afterAll.afterLoad, afterAll];
    await app.close();
    app = undefined;
    const second = await measureLiveHeap(upstream.url, heapDir);
    incomplete += second.incomplete;
    const liveAt = (runs: number) => second.live.get(runs) ?? NaN;
    return {
      title,
      rows: [
        { runs: 0, 'RSS MB': round(atStart), [AT_REST_COLUMN]: '', 'live heap MB (second server, after a full GC)': '' },
        ...checkpoints.map(([runs, rss, idle]) => ({
          runs,
          'RSS MB': round(rss),
          [AT_REST_COLUMN]: idle ? round(idle.atRest) : '',
          'live heap MB (second server, after a full GC)': round(liveAt(runs)),
        })),
      ],
      figures: [
        figure('memory.resting-growth-mb', `Server RSS at rest, growth from run ${FIRST_RUNS} to run ${ALL_RUNS}`, afterAll.atRest - afterFirst.atRest, 'MB', { max: GROWTH_TARGET_MB }),
        figure('memory.growth-mb', `Server RSS ${SETTLE_MS / 1000} s after the runs, growth from run ${FIRST_RUNS} to run ${ALL_RUNS} (reference: garbage not yet collected is in it)`, afterAll.afterLoad - afterFirst.afterLoad, 'MB', {}),
        figure('memory.live-heap-growth-mb', `Live JS heap after a full GC, growth from run ${FIRST_RUNS} to run ${ALL_RUNS} (reference: a leak shows here)`, liveAt(ALL_RUNS) - liveAt(FIRST_RUNS), 'MB', {}),
        figure('memory.incomplete-runs', 'Streamed runs that did not complete', incomplete, 'count', { max: 0 }),
      ],
      notes: [
        `${EVENT_COUNT}-event streams from a zero-delay upstream in its own process, ${CONCURRENCY} at a time, through /api/responses of the production build (PGlite, on a database folder an earlier start created; every run recorded in the history, the chain index and a recording).`,
        `RSS read from /proc/<pid>/status of the next start process: at runs ${FIRST_RUNS} and ${ALL_RUNS} ${SETTLE_MS / 1000} s after the last run, the ones between right after each batch. Nothing forces a GC in this server: those readings hold whatever garbage V8 has not collected yet (its old generation grows to several times the live heap under load).`,
        `At rest: RSS after the server has been idle for ${REST_MS / 1000} s, well after V8's own memory reducer has collected (in steps, 20 to 35 s after a burst on this machine). The target figure compares these two readings: what the server keeps once a burst is over.`,
        'Live heap: a second server, started afterwards with --inspect and sent the same runs; at each checkpoint two full GCs (HeapProfiler.collectGarbage), then Runtime.getHeapUsage. Its forced GCs change when V8 collects, so its RSS is not the figure above.',
        loadNote(),
      ],
    };
  } finally {
    await app?.close();
    await upstream?.close();
    fs.rmSync(databases, { recursive: true, force: true });
  }
}
