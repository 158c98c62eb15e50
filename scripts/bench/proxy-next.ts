// The proxy as users run it: the production server (`next start`) beside direct calls and an http-proxy peer, each in its own process, one zero-delay upstream.
import { figure, type BenchSection } from './types';
import { hasBuild, loadNote, median, medianPairedDifference, NO_BUILD_NOTE, round, startBuiltApp, startChildServer, untilProcessesIdle, type BenchApp, type ChildServer } from './support';

const EVENT_COUNT = 5_000;
const CONCURRENT_STREAMS = 50;
const ROUNDS = 5;
const SINGLES_PER_ROUND = 5;
const BODY = '{"model":"bench","input":"hi","stream":true}';
const TTFB_ADDED_TARGET_MS = 8;
const CONCURRENT_RATIO_TARGET = 1.1;

export interface StreamTiming {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  isComplete: boolean;
}

/** POSTs the create body and reads the stream to its end; TTFB is the first body chunk. */
export async function measureStream(url: string, origin?: string): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) }, body: BODY });
  const reader = response.body!.getReader();
  let ttfbMs = -1;
  let bytes = 0;
  let tail = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (ttfbMs < 0) ttfbMs = performance.now() - started;
    bytes += value.byteLength;
    // The stream's last 400 bytes, however they were cut: a last chunk holding only the end of the final event is complete too.
    tail = (tail + Buffer.from(value.subarray(Math.max(0, value.byteLength - 400))).toString('latin1')).slice(-400);
  }
  return { ttfbMs, totalMs: performance.now() - started, bytes, isComplete: response.ok && tail.includes('response.completed') };
}

interface PathFigures {
  ttfb: number[];
  total: number[];
  concurrent: number[];
  bytes: number;
  complete: boolean;
}

/** Before each single stream, the three servers idle this long: what one stream left to do (the app's recording write) is done. */
const SINGLE_IDLE_WINDOW_MS = 200;

/**
 * Single streams, one path after another in rotating order (direct, ours, peer; ours, peer, direct; …): each path's n-th
 * stream runs beside the others' n-th, on the machine as it is at that moment, so their difference is the time added.
 * Each starts once the servers are idle: the app writes a stream's recording just after it, which would otherwise land on
 * the next path's stream (direct's or the peer's) instead of its own.
 */
async function measureSingles(paths: ReadonlyArray<[string, string]>, measured: Map<string, PathFigures>, pids: readonly number[]): Promise<number> {
  let waitedMs = 0;
  for (let at = 0; at < ROUNDS * SINGLES_PER_ROUND; at += 1) {
    for (let step = 0; step < paths.length; step += 1) {
      const [name, url] = paths[(at + step) % paths.length]!;
      const figures = measured.get(name)!;
      waitedMs += await untilProcessesIdle(pids, { windowMs: SINGLE_IDLE_WINDOW_MS });
      const run = await measureStream(url);
      figures.ttfb.push(run.ttfbMs);
      figures.total.push(run.totalMs);
      figures.bytes = run.bytes;
      figures.complete &&= run.isComplete;
    }
  }
  return waitedMs;
}

async function measureConcurrent(url: string, figures: PathFigures): Promise<void> {
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, () => measureStream(url)));
  figures.concurrent.push(performance.now() - started);
  figures.complete &&= runs.every((run) => run.isComplete);
}

export async function runProxyNextBench(): Promise<BenchSection> {
  const title = `Proxy through the production server (next start): ${EVENT_COUNT}-event streams from a zero-delay upstream`;
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let upstream: ChildServer | undefined;
  let peer: ChildServer | undefined;
  let app: BenchApp | undefined;
  try {
    upstream = await startChildServer('sse-upstream.ts', [String(EVENT_COUNT)]);
    peer = await startChildServer('http-proxy-peer.ts', [upstream.url]);
    app = await startBuiltApp('proxy-next', {
      GATEWAY_BASE_URL: upstream.url,
      GATEWAY_API_KEY: 'sk-bench-proxy-next',
      PROXY_RATE_LIMIT_PER_MINUTE: '100000000',
      PROXY_MAX_CONCURRENT_STREAMS: '0',
      GATEWAY_STREAM_IDLE_MS: '60000',
    });
    const paths: Array<[string, string]> = [
      ['direct', `${upstream.url}/api/v1/llm/responses`],
      ['playground /api/responses (next start)', `${app.url}/api/responses`],
      ['http-proxy peer', `${peer.url}/api/v1/llm/responses`],
    ];
    const measured = new Map(paths.map(([name]) => [name, { ttfb: [], total: [], concurrent: [], bytes: 0, complete: true } as PathFigures]));
    for (const [, url] of paths) {
      await measureStream(url);
      await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, () => measureStream(url)));
    }
    // The warm-up's bursts leave the app writing 50 recordings for a while: single streams start on servers that are idle,
    // as a user's single request would.
    const pids = [app.pid, peer.pid, upstream.pid];
    const settledMs = await untilProcessesIdle(pids);
    const singlesWaitedMs = await measureSingles(paths, measured, pids);
    // Rounds rotate the order, so no path always runs first. Each burst starts once the servers are idle: the app writes a
    // burst's 50 recordings after it, which would otherwise slow the next path's burst rather than its own.
    let burstsWaitedMs = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let at = 0; at < paths.length; at += 1) {
        const [name, url] = paths[(at + round) % paths.length]!;
        burstsWaitedMs += await untilProcessesIdle(pids);
        await measureConcurrent(url, measured.get(name)!);
      }
    }
    const direct = measured.get('direct')!;
    const rows = paths.map(([name]) => {
      const figures = measured.get(name)!;
      return {
        path: name,
        'TTFB ms': round(median(figures.ttfb)),
        'TTFB added ms': round(medianPairedDifference(figures.ttfb, direct.ttfb)),
        'one stream ms': round(median(figures.total)),
        'x direct (one)': round(median(figures.total) / median(direct.total), 2),
        [`${CONCURRENT_STREAMS} streams wall ms`]: Math.round(median(figures.concurrent)),
        'x direct (concurrent)': round(median(figures.concurrent) / median(direct.concurrent), 2),
        'KiB per stream': Math.round(figures.bytes / 1024),
        'all complete': figures.complete ? 'yes' : 'NO',
      };
    });
    const ours = measured.get(paths[1]![0])!;
    const peerFigures = measured.get(paths[2]![0])!;
    return {
      title,
      rows,
      figures: [
        figure('proxy-next.ttfb-added-ms', 'Proxy via next start: time to first byte added over direct', medianPairedDifference(ours.ttfb, direct.ttfb), 'ms', { max: TTFB_ADDED_TARGET_MS }),
        figure('proxy-next.concurrent-x', `Proxy via next start: ${CONCURRENT_STREAMS} concurrent streams, wall / direct`, median(ours.concurrent) / median(direct.concurrent), 'x', { max: CONCURRENT_RATIO_TARGET }),
        figure('proxy-next.peer-concurrent-x', `http-proxy peer: ${CONCURRENT_STREAMS} concurrent streams, wall / direct (reference)`, median(peerFigures.concurrent) / median(direct.concurrent), 'x', {}),
      ],
      notes: [
        `Upstream, http-proxy peer and the app each run in their own process; the client reads every stream to its end. First ${ROUNDS * SINGLES_PER_ROUND} single streams per path, the paths taking turns in rotating order; then ${ROUNDS} rounds of ${CONCURRENT_STREAMS} at once, in rotating order; medians.`,
        `Every stream and burst starts once the three servers are idle (under 10 % of a CPU for ${SINGLE_IDLE_WINDOW_MS} ms before a single stream, 0.5 s before a burst): the app writes each run's recording just after it, between one user's runs, and that write would otherwise slow whichever path ran next. Waited ${(settledMs / 1000).toFixed(1)} s after the warm-up, ${(singlesWaitedMs / 1000).toFixed(1)} s in all before the single streams, ${(burstsWaitedMs / 1000).toFixed(1)} s before the bursts.`,
        "TTFB added: the median over the turns of (this path's TTFB − direct's in the same turn), so a busy moment of the machine lands on both sides of each difference.",
        'The app is the production build with its defaults (PGlite, recorders on: every run is written to the history and the chain index) except the proxy limits, lifted so the 50 streams are not refused.',
        loadNote(),
      ],
    };
  } finally {
    await app?.close();
    await peer?.close();
    await upstream?.close();
  }
}
