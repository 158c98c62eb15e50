// Streaming overhead of the proxy: one zero-delay upstream, measured direct, through lib/gateway's proxy functions (recording
// on and off) and through an http-proxy peer.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import { sseEvent, startFakeUpstream, streamAll } from '../../tests/support/fake-upstream';
import type { BenchSection } from './types';
import { stubModules } from './support';

const EVENT_COUNT = 5_000;
const CONCURRENT_STREAMS = 50;
const REPEATS = 7;
const BODY = '{"model":"bench","input":"hi","stream":true}';

/** Outside Next.js, 'server-only' would throw and the recorders would open the database: stub both (recordings are real, see below). */
function stubServerModules(): void {
  const noop = async () => undefined;
  stubModules({
    './lib/jobs/record.ts': { recordBackgroundJob: noop, recordJobStatus: noop },
    './lib/chains/record.ts': { recordSeenResponse: noop, recordSeenStatus: noop, recordResponseAliases: noop, resolveRecordedId: async (id: string) => id },
    './lib/history/record.ts': { recordSentRequest: noop, recordSentRequestStatus: noop },
  });
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
  // Recordings are written for real, to an embedded database of their own: their cost is part of the proxy's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-bench-recordings-'));
  Object.assign(process.env, {
    GATEWAY_BASE_URL: upstream.url,
    GATEWAY_API_KEY: 'sk-bench',
    PROXY_RATE_LIMIT_PER_MINUTE: '1000000',
    PROXY_MAX_CONCURRENT_STREAMS: '0',
    GATEWAY_STREAM_IDLE_MS: '60000',
    PGLITE_DIR: path.join(dataDir, 'pglite'),
  });
  stubServerModules();
  const { proxyCreateResponse } = await import('../../lib/gateway');
  const { whenRecordingsWritten } = await import('../../lib/recordings/recorder');
  const env = (await import('../../lib/env')).getEnv();
  const { closeAppDatabase, openAppDatabase } = await import('../../tests/support/app-db-handle');
  await openAppDatabase();
  const keep = env.RECORDINGS_KEEP;

  const ours = http.createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } as RequestInit);
    const response = await proxyCreateResponse(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
    else res.end();
  });
  const peer = httpProxy.createProxyServer({ target: upstream.url });
  const peerServer = http.createServer((req, res) => peer.web(req, res));
  const oursUrl = `${await listen(ours)}/api/responses`;
  const targets = {
    direct: `${upstream.url}/api/v1/llm/responses`,
    'lib/gateway proxy': oursUrl,
    'lib/gateway proxy, recording off': oursUrl,
    'http-proxy peer': `${await listen(peerServer)}/api/v1/llm/responses`,
  };
  /** Recording is on (RECORDINGS_KEEP, as in production) except for the row that turns it off. */
  const setRecording = (name: string) => {
    env.RECORDINGS_KEEP = name.endsWith('recording off') ? 0 : keep;
  };

  // Round-robin: every path once per round, so drift on a shared machine hits each path alike.
  const singles = new Map<string, Array<{ ttfbMs: number; totalMs: number; bytes: number }>>();
  const batches = new Map<string, number[]>();
  for (const [name, url] of Object.entries(targets)) {
    setRecording(name);
    await measureStream(url);
    singles.set(name, []);
    batches.set(name, []);
  }
  for (let i = 0; i < REPEATS; i += 1) {
    // Every other round runs the paths in reverse: a path is not always the one after another's batch (its garbage, its
    // queued recordings), which on a busy machine showed as a 1.3x gap between two identical paths.
    const order = i % 2 === 0 ? Object.entries(targets) : Object.entries(targets).reverse();
    for (const [name, url] of order) {
      setRecording(name);
      singles.get(name)?.push(await measureStream(url));
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, () => measureStream(url)));
      batches.get(name)?.push(performance.now() - started);
      // Recordings are written after their stream ended: those still queued are written before the next path is timed.
      await whenRecordingsWritten();
    }
  }
  const totals: Record<string, number> = {};
  for (const name of Object.keys(targets)) {
    totals[name] = median((singles.get(name) ?? []).map((run) => run.totalMs));
    totals[`${name} concurrent`] = median(batches.get(name) ?? []);
  }
  const rows: BenchSection['rows'] = Object.keys(targets).map((name) => {
    const runs = singles.get(name) ?? [];
    return {
      path: name,
      'TTFB ms': median(runs.map((run) => run.ttfbMs)),
      'total ms': totals[name] ?? 0,
      'x direct': Math.round(((totals[name] ?? 0) / (totals.direct ?? 1)) * 100) / 100,
      [`${CONCURRENT_STREAMS} streams ms`]: totals[`${name} concurrent`] ?? 0,
      'x direct (concurrent)': Math.round(((totals[`${name} concurrent`] ?? 0) / (totals['direct concurrent'] ?? 1)) * 100) / 100,
      'KiB per stream': Math.round((runs[0]?.bytes ?? 0) / 1024),
    };
  });
  ours.close();
  peerServer.close();
  peer.close();
  await upstream.close();
  const { getDb } = await import('../../lib/db');
  const { listRecordings } = await import('../../lib/recordings/store');
  const kept = (await listRecordings(await getDb(), { limit: 500 })).length;
  await closeAppDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const ratio = (on: number | undefined, off: number | undefined) => (on && off ? (Math.round((on / off) * 100) / 100).toFixed(2) : '?');
  return {
    title: `SSE proxy overhead in one process (lib/gateway behind node:http, no Next.js): ${EVENT_COUNT}-event stream from a zero-delay upstream (median of ${REPEATS})`,
    rows,
    notes: [
      'All three paths run in this one process against the same upstream; ratios are comparable, absolute numbers depend on the machine.',
      'The lib/gateway path uses the real proxy functions behind a plain node:http adapter (not Next.js), with the jobs, chains and history recorders stubbed out.',
      'TTFB is the time to the first body chunk after sending the request.',
      `Recording (lib/recordings, written to an embedded database in this process) on / off: one stream ${ratio(totals['lib/gateway proxy'], totals['lib/gateway proxy, recording off'])}x, ${CONCURRENT_STREAMS} streams ${ratio(totals['lib/gateway proxy concurrent'], totals['lib/gateway proxy, recording off concurrent'])}x (target: within the proxy's own spread, 1.05x); ${kept} recordings kept.`,
    ],
  };
}
