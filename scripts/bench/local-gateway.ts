// Local gateway throughput at zero pacing: events per second of one stream, and 100 concurrent streams, beside a bare SSE server replaying the same bytes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startLocalGatewayServer } from '../../lib/local-gateway/server';
import type { BenchSection } from './types';

const KEY = 'sk-bench-local';
const CONCURRENT = 100;
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

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function measure(url: string): Promise<Record<string, number>> {
  await streamOnce(url);
  const singles: StreamRun[] = [];
  for (let run = 0; run < 5; run += 1) singles.push(await streamOnce(url));
  const single = singles.sort((a, b) => a.totalMs - b.totalMs)[2] ?? singles[0]!;
  const started = performance.now();
  const concurrent = await Promise.all(Array.from({ length: CONCURRENT }, () => streamOnce(url)));
  const wallMs = performance.now() - started;
  return {
    'events/stream': single.events,
    'one stream ms': round(single.totalMs),
    'events/s (one stream)': Math.round(single.events / (single.totalMs / 1000)),
    [`${CONCURRENT} streams wall ms`]: round(wallMs),
    'p99 stream ms': round(percentile(concurrent.map((run) => run.totalMs), 0.99)),
    'all complete': concurrent.every((run) => run.events === single.events) ? 1 : 0,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export async function runLocalGatewayBench(): Promise<BenchSection> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-bench-gw-'));
  const gateway = await startLocalGatewayServer({ port: 0, pgliteDir: path.join(dir, 'db'), apiKeys: [KEY], tokensPerSecond: 0 });
  const recorded = (await streamOnce(`${gateway.url}/api/v1/llm/responses`)).bytes;
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
    const gatewayFigures = await measure(`${gateway.url}/api/v1/llm/responses`);
    const bareFigures = await measure(bareUrl);
    const ratio = (key: string) => round((gatewayFigures[key] ?? 0) / Math.max(bareFigures[key] ?? 1, 0.1));
    return {
      title: 'Local gateway at zero pacing: one stream and 100 concurrent streams (median of 5 singles)',
      rows: [
        { server: 'bare SSE replay (baseline)', ...bareFigures, 'x baseline (wall)': 1 },
        { server: 'local gateway', ...gatewayFigures, 'x baseline (wall)': ratio(`${CONCURRENT} streams wall ms`) },
      ],
      notes: [
        'The baseline answers every request with the recorded bytes of one local-gateway stream: the difference is planning, validation, storage and framing.',
        'Both run in this process on loopback; compare the ratio, not the absolute times.',
      ],
    };
  } finally {
    bare.close();
    await gateway.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
