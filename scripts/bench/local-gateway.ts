// Local gateway throughput at zero pacing: events per second of one stream, and 100 concurrent streams, beside a bare SSE server replaying the same bytes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { figure, type BenchSection } from './types';
import { loadNote, makeTempDir, median, percentile, round, stubModules } from './support';

const KEY = 'sk-bench-local';
const CONCURRENT = 100;
const ROUNDS = 3;
const SINGLES_PER_ROUND = 5;
const CONCURRENT_RATIO_TARGET = 2.5;
const ONE_STREAM_TARGET_MS = 8;
const BODY = JSON.stringify({ model: 'local-agent', input: 'Tell me about streaming in detail.', stream: true, text: { verbosity: 'high' } });

interface StreamRun {
  events: number;
  totalMs: number;
  bytes: Buffer;
}

async function streamOnce(url: string): Promise<StreamRun> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' }, body: BODY });
  const bytes = Buffer.from(await response.arrayBuffer());
  const events = bytes.toString('utf8').split('\n\n').filter((record) => record.startsWith('event:')).length;
  return { events, totalMs: performance.now() - started, bytes };
}

interface Samples {
  singles: StreamRun[];
  walls: number[];
  p99s: number[];
  complete: boolean;
}

async function measureRound(url: string, samples: Samples): Promise<void> {
  for (let run = 0; run < SINGLES_PER_ROUND; run += 1) samples.singles.push(await streamOnce(url));
  const started = performance.now();
  const concurrent = await Promise.all(Array.from({ length: CONCURRENT }, () => streamOnce(url)));
  samples.walls.push(performance.now() - started);
  samples.p99s.push(percentile(concurrent.map((run) => run.totalMs), 0.99));
  samples.complete &&= concurrent.every((run) => run.events === samples.singles[0]?.events);
}

function summarize(samples: Samples): Record<string, number> {
  const oneMs = median(samples.singles.map((run) => run.totalMs));
  const events = samples.singles[0]?.events ?? 0;
  return {
    'events/stream': events,
    'one stream ms': round(oneMs),
    'events/s (one stream)': Math.round(events / (oneMs / 1000)),
    [`${CONCURRENT} streams wall ms`]: round(median(samples.walls)),
    'p99 stream ms': round(median(samples.p99s)),
    'all complete': samples.complete ? 1 : 0,
  };
}

export async function runLocalGatewayBench(): Promise<BenchSection> {
  stubModules();
  const { startLocalGatewayServer } = await import('../../lib/local-gateway/server');
  const dir = makeTempDir('gateway');
  const gateway = await startLocalGatewayServer({ port: 0, pgliteDir: path.join(dir, 'db'), apiKeys: [KEY], tokensPerSecond: 0 });
  const gatewayUrl = `${gateway.url}/api/v1/llm/responses`;
  const recorded = (await streamOnce(gatewayUrl)).bytes;
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(recorded);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    const samples = { gateway: { singles: [], walls: [], p99s: [], complete: true } as Samples, bare: { singles: [], walls: [], p99s: [], complete: true } as Samples };
    for (const url of [gatewayUrl, bareUrl]) {
      await streamOnce(url);
      await Promise.all(Array.from({ length: CONCURRENT }, () => streamOnce(url)));
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: Array<[string, Samples]> = [[gatewayUrl, samples.gateway], [bareUrl, samples.bare]];
      for (const [url, into] of round % 2 === 0 ? order : order.reverse()) await measureRound(url, into);
    }
    const gatewayFigures = summarize(samples.gateway);
    const bareFigures = summarize(samples.bare);
    const wallKey = `${CONCURRENT} streams wall ms`;
    const wallRatio = (gatewayFigures[wallKey] ?? 0) / Math.max(bareFigures[wallKey] ?? 1, 0.1);
    return {
      title: `Local gateway at zero pacing: one stream and ${CONCURRENT} concurrent streams (medians of ${ROUNDS} rounds)`,
      rows: [
        { server: 'bare SSE replay (baseline)', ...bareFigures, 'x baseline (wall)': 1 },
        { server: 'local gateway', ...gatewayFigures, 'x baseline (wall)': round(wallRatio, 2) },
      ],
      figures: [
        figure('local-gateway.concurrent-x', `Local gateway: ${CONCURRENT} concurrent streams, wall / bare SSE replay`, wallRatio, 'x', { max: CONCURRENT_RATIO_TARGET }),
        figure('local-gateway.one-stream-ms', 'Local gateway: one stream at zero pacing', gatewayFigures['one stream ms'] ?? null, 'ms', { max: ONE_STREAM_TARGET_MS }),
      ],
      notes: [
        'The baseline answers every request with the recorded bytes of one local-gateway stream: the difference is planning, validation, storage and framing.',
        'Both run in this process on loopback (PGlite); rounds alternate which goes first; compare the ratio, not the absolute times.',
        loadNote(),
      ],
    };
  } finally {
    bare.close();
    await gateway.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
