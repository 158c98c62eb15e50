// Webhook receiver throughput: 1,000 signed deliveries at concurrency 50, a bare HTTP reader beside the verifying, storing receiver, on PGlite and PostgreSQL.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startPostgres } from '../../tests/support/postgres-server';
import { figure, type BenchFigure, type BenchSection } from './types';
import { loadNote, makeTempDir, percentile, round, stubModules } from './support';

const DELIVERIES = 1_000;
const CONCURRENCY = 50;
const RATIO_TARGET = 2;
const P99_TARGET_MS = 1_000;

type Handler = (body: Buffer, req: http.IncomingMessage) => Promise<number>;

function listen(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // A throw is answered (599 counts as lost) rather than leaving the sender hanging.
    const status = await handler(Buffer.concat(chunks), req).catch((error: Error) => {
      console.error(`receiver threw: ${error.message}`);
      return 599;
    });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end('{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

interface FireResult {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Map<number, number>;
}

async function fire(url: string, secret: string): Promise<FireResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < DELIVERIES) {
      const index = next++;
      const body = JSON.stringify({ id: `evt_${index}`, object: 'event', type: 'response.completed', created_at: Math.floor(Date.now() / 1000), data: { id: `resp_${index}`, status: 'completed' } });
      const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      const sent = performance.now();
      const status = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-id': `evt_${index}`, 'x-webhook-signature': signature }, body }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        // A connection the receiver dropped is a lost delivery, counted as status 0.
        () => 0,
      );
      latencies.push(performance.now() - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  return { perSecond: DELIVERIES / elapsedS, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), statuses };
}

async function measureBare(): Promise<FireResult> {
  const bare = await listen(async () => 200);
  try {
    await fire(bare.url, 'warm-up');
    return await fire(bare.url, 'unused-secret-for-baseline');
  } finally {
    await bare.close();
  }
}

/** The receiver on one database: every delivery answered, and how many of the 1,000 are stored afterwards. */
async function measureReceiver(options: { pgliteDir: string; databaseUrl?: string }): Promise<FireResult & { stored: number }> {
  const { openDatabase } = await import('../../lib/db/open');
  const { webhookDeliveries } = await import('../../lib/db/schema');
  const { createCapture } = await import('../../lib/webhooks/captures');
  const { receiveDelivery } = await import('../../lib/webhooks/receive');
  const { CaptureRateLimiter } = await import('../../lib/webhooks/rate-limit');
  const { eq } = await import('drizzle-orm');
  const database = await openDatabase(options);
  try {
    const unlimited = new CaptureRateLimiter(Number.MAX_SAFE_INTEGER);
    // The capture's caps are lifted above the run's size, so every delivery must still be there at the end.
    const caps = { maxDeliveries: DELIVERIES * 2, maxBytes: 1024 * 1024 * 1024 };
    // The capture is the path, so the warm-up and the measured run share one server and its connections, as the bare reader's do.
    const receiver = await listen(async (body, req) => {
      const headers = new Headers(Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'content-length'));
      const response = await receiveDelivery(database.db, (req.url ?? '/').slice(1), new Request('http://bench/', { method: 'POST', headers, body: new Uint8Array(body) }), { limiter: unlimited, caps });
      return response.status;
    });
    const warmCapture = await createCapture(database.db, 'http://127.0.0.1');
    await fire(`${receiver.url}/${warmCapture.id}`, warmCapture.secret);

    const capture = await createCapture(database.db, 'http://127.0.0.1');
    const result = await fire(`${receiver.url}/${capture.id}`, capture.secret);
    await receiver.close();
    const stored = (await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id))).length;
    return { ...result, stored };
  } finally {
    await database.close();
  }
}

function row(name: string, result: FireResult, stored: number | string, bare: FireResult) {
  return {
    path: name,
    'deliveries/s': Math.round(result.perSecond),
    'p50 ms': round(result.p50Ms),
    'p99 ms': round(result.p99Ms),
    answers: [...result.statuses].map(([status, n]) => `${status}×${n}`).join(' '),
    stored,
    'vs bare': round(bare.perSecond / result.perSecond, 2),
  };
}

export async function runWebhooksBench(): Promise<BenchSection> {
  stubModules();
  const dir = makeTempDir('webhooks');
  const rows: BenchSection['rows'] = [];
  const figures: BenchFigure[] = [];
  const notes: string[] = [];
  let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;
  try {
    const databases: Array<{ kind: 'PGlite' | 'PostgreSQL'; id: string; open: () => Promise<{ pgliteDir: string; databaseUrl?: string }> }> = [
      { kind: 'PGlite', id: 'pglite', open: async () => ({ pgliteDir: path.join(dir, 'pglite') }) },
      {
        kind: 'PostgreSQL',
        id: 'postgres',
        open: async () => {
          postgres = await startPostgres();
          return { pgliteDir: path.join(dir, 'unused'), databaseUrl: postgres.url };
        },
      },
    ];
    for (const database of databases) {
      // The bare reader is measured right before each database, so each ratio compares runs minutes apart at most.
      const bare = await measureBare();
      rows.push(row(`bare HTTP read, answer 200 (beside ${database.kind})`, bare, '-', bare));
      try {
        const result = await measureReceiver(await database.open());
        const lost = DELIVERIES - Math.min(result.stored, result.statuses.get(200) ?? 0);
        rows.push(row(`receiveDelivery: verify + store (${database.kind})`, result, result.stored, bare));
        figures.push(
          figure(`webhooks.${database.id}.vs-bare`, `Webhook receiver (${database.kind}): time / bare reader`, bare.perSecond / result.perSecond, 'x', { max: RATIO_TARGET }),
          figure(`webhooks.${database.id}.p99-ms`, `Webhook receiver (${database.kind}): p99 latency`, result.p99Ms, 'ms', { max: P99_TARGET_MS }),
          figure(`webhooks.${database.id}.lost`, `Webhook receiver (${database.kind}): deliveries lost (not answered 200 or not stored)`, lost, 'count', { max: 0 }),
        );
      } catch (error) {
        notes.push(`${database.kind}: not measured (${(error as Error).message.split('\n')[0]})`);
        figures.push(figure(`webhooks.${database.id}.vs-bare`, `Webhook receiver (${database.kind}): time / bare reader`, null, 'x', { max: RATIO_TARGET }));
      }
    }
  } finally {
    (postgres as Awaited<ReturnType<typeof startPostgres>> | null)?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    title: `Webhook receiver: ${DELIVERIES} signed deliveries, concurrency ${CONCURRENCY}, PGlite and PostgreSQL`,
    rows,
    figures,
    notes: [
      ...notes,
      'The per-capture flood limit (100/s, answered 429 and not stored) is lifted for this run so the storing path is measured, and so are the capture caps (500 deliveries, 32 MiB) so that none is evicted: every one of the 1,000 must be stored.',
      '"vs bare" is how many times slower than a server that only reads the body, measured in the same run just before each database; each path gets one warm-up run of 1,000 first, on the same server, so the measured run reuses its 50 connections.',
      'PostgreSQL: Debian\'s server started on loopback for this run (fsync off, as in the tests), removed afterwards.',
      loadNote(),
    ],
  };
}
