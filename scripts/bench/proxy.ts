// Streaming overhead of the proxy: one zero-delay upstream, measured direct, through lib/gateway's proxy functions and through an http-proxy peer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import { sseEvent, startFakeUpstream, streamAll } from '../../tests/support/fake-upstream';
import type { BenchSection } from './types';

const EVENT_COUNT = 5_000;
const CONCURRENT_STREAMS = 50;
const REPEATS = 5;
const BODY = '{"model":"bench","input":"hi","stream":true}';

/** Outside Next.js, 'server-only' would throw and the recorders would open the database: stub both for this process. */
function stubServerModules(): void {
  const local = createRequire(path.join(process.cwd(), 'package.json'));
  const stub = (request: string, exports: Record<string, unknown>) => {
    const resolved = local.resolve(request);
    local.cache[resolved] = { id: resolved, filename: resolved, loaded: true, exports } as NodeJS.Module;
  };
  const noop = async () => undefined;
  stub('server-only', {});
  stub('./lib/jobs/record.ts', { recordBackgroundJob: noop, recordJobStatus: noop });
  stub('./lib/chains/record.ts', { recordSeenResponse: noop });
  stub('./lib/history/record.ts', { recordSentRequest: noop });
}

function makeEvents(): string[] {
  const response = { id: 'resp_bench', object: 'response', status: 'in_progress', model: 'bench', output: [] };
  const events = [sseEvent({ type: 'response.created', sequence_number: 0, response })];
  for (let n = 1; n < EVENT_COUNT - 1; n += 1) {
    events.push(sseEvent({ type: 'response.output_text.delta', sequence_number: n, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'tok ' }));
  }
  events.push(sseEvent({ type: 'response.completed', sequence_number: EVENT_COUNT - 1, response: { ...response, status: 'completed' } }));
  return events;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function measureStream(url: string): Promise<{ ttfbMs: number; totalMs: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY });
  const reader = response.body!.getReader();
  let ttfbMs = -1;
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (ttfbMs < 0) ttfbMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { ttfbMs, totalMs: performance.now() - started, bytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
}

export async function runProxyBench(): Promise<BenchSection> {
  const upstream = await startFakeUpstream();
  upstream.respondWith(streamAll(makeEvents()));
  Object.assign(process.env, { GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-bench', PROXY_RATE_LIMIT_PER_MINUTE: '1000000', GATEWAY_STREAM_IDLE_MS: '60000' });
  stubServerModules();
  const { proxyCreateResponse } = await import('../../lib/gateway');

  const ours = http.createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit);
    const response = await proxyCreateResponse(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
    else res.end();
  });
  const peer = httpProxy.createProxyServer({ target: upstream.url });
  const peerServer = http.createServer((req, res) => peer.web(req, res));
  const targets = {
    direct: `${upstream.url}/api/v1/llm/responses`,
    'lib/gateway proxy': `${await listen(ours)}/api/responses`,
    'http-proxy peer': `${await listen(peerServer)}/api/v1/llm/responses`,
  };

  const rows: BenchSection['rows'] = [];
  let directTotal = 0;
  let directConcurrent = 0;
  for (const [name, url] of Object.entries(targets)) {
    await measureStream(url);
    const runs = [];
    for (let i = 0; i < REPEATS; i += 1) runs.push(await measureStream(url));
    const concurrent = [];
    for (let i = 0; i < REPEATS; i += 1) {
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, () => measureStream(url)));
      concurrent.push(performance.now() - started);
    }
    const total = median(runs.map((run) => run.totalMs));
    const all = median(concurrent);
    if (name === 'direct') {
      directTotal = total;
      directConcurrent = all;
    }
    rows.push({
      path: name,
      'TTFB ms': median(runs.map((run) => run.ttfbMs)),
      'total ms': total,
      'x direct': Math.round((total / directTotal) * 100) / 100,
      [`${CONCURRENT_STREAMS} streams ms`]: all,
      'x direct (concurrent)': Math.round((all / directConcurrent) * 100) / 100,
      'KiB per stream': Math.round((runs[0]?.bytes ?? 0) / 1024),
    });
  }
  ours.close();
  peerServer.close();
  peer.close();
  await upstream.close();
  return {
    title: `SSE proxy overhead: ${EVENT_COUNT}-event stream from a zero-delay upstream (median of ${REPEATS})`,
    rows,
    notes: [
      'All three paths run in this one process against the same upstream; ratios are comparable, absolute numbers depend on the machine.',
      'The lib/gateway path uses the real proxy functions behind a plain node:http adapter (not Next.js), with the recorders stubbed out.',
      'TTFB is the time to the first body chunk after sending the request.',
    ],
  };
}

if (require.main === module) {
  runProxyBench().then((section) => {
    console.log(section.title);
    console.table(section.rows);
    for (const note of section.notes) console.log(`- ${note}`);
  });
}
