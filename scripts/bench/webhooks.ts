// Webhook receiver throughput: 1,000 signed deliveries at concurrency 50, a bare HTTP reader beside the verifying, storing receiver, on PGlite and PostgreSQL.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Db } from '../../lib/db/open';
import { startPostgres } from '../../tests/support/postgres-server';
import { figure, type BenchFigure, type BenchSection } from './types';
import { loadNote, makeTempDir, median, percentile, round, stubModules } from './support';

const DELIVERIES = 1_000;
const CONCURRENCY = 50;
const RATIO_TARGET = 2;
const P99_TARGET_MS = 1_000;
/** Rounds of bare reader then receiver (or the other way round), per database: the figures are the median round's. */
const ROUNDS = 5;

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

/** A server listening on a free loopback port: the bare reader or the receiver. */
type Listening = Awaited<ReturnType<typeof listen>>;

/** Batches of the store measured at a full capture beside one with room. */
const FULL_CAPTURE_BATCHES = 60;
const FULL_CAPTURE_BATCH_SIZE = 10;
const FULL_CAPTURE_ROUNDS = 3;

export interface FullCaptureTiming {
  /** Milliseconds a delivery, median of the rounds. */
  roomMs: number;
  fullMs: number;
}

/**
 * The store alone (storeCaptureDeliveries, batches of 10 signed deliveries) into a capture at its default cap of 500,
 * where every batch evicts, beside one with room; the two take turns, each round on new captures.
 */
async function measureFullCapture(db: Db): Promise<FullCaptureTiming> {
  const { createCapture } = await import('../../lib/webhooks/captures');
  const { storeCaptureDeliveries } = await import('../../lib/webhooks/store');
  const { DEFAULT_CAPTURE_CAPS } = await import('../../lib/webhooks/deliveries');
  const roomCaps = { maxDeliveries: Number.MAX_SAFE_INTEGER, maxBytes: Number.MAX_SAFE_INTEGER };
  let sent = 0;
  const batch = (capture: { id: string }) =>
    Array.from({ length: FULL_CAPTURE_BATCH_SIZE }, () => ({
      captureId: capture.id,
      webhookId: `wh_${(sent += 1)}`,
      body: Buffer.from(JSON.stringify({ type: 'response.completed', data: { id: `resp_${sent}`, status: 'completed' }, pad: 'x'.repeat(400) })),
      headers: { 'content-type': 'application/json' },
      sourceAddress: '127.0.0.1',
      receivedAt: new Date(),
      signatureValid: true,
      signatureScheme: 'standard',
      signatureDetail: null,
      responseId: `resp_${sent}`,
      eventType: 'response.completed',
      answeredStatus: 200,
    }));
  const timed = async (caps: { maxDeliveries: number; maxBytes: number }, prefill: number) => {
    const capture = await createCapture(db, 'http://127.0.0.1');
    for (let filled = 0; filled < prefill; filled += FULL_CAPTURE_BATCH_SIZE) await storeCaptureDeliveries(db, capture.id, batch, caps);
    const started = performance.now();
    for (let at = 0; at < FULL_CAPTURE_BATCHES; at += 1) await storeCaptureDeliveries(db, capture.id, batch, caps);
    return (performance.now() - started) / (FULL_CAPTURE_BATCHES * FULL_CAPTURE_BATCH_SIZE);
  };
  const room: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < FULL_CAPTURE_ROUNDS; round += 1) {
    // Both start from as many stored deliveries (the cap), so the only difference is whether a batch evicts.
    room.push(await timed(roomCaps, DEFAULT_CAPTURE_CAPS.maxDeliveries));
    full.push(await timed(DEFAULT_CAPTURE_CAPS, DEFAULT_CAPTURE_CAPS.maxDeliveries));
  }
  return { roomMs: median(room), fullMs: median(full) };
}

/** The receiver on one database, beside a bare reader: both warmed up once, then ROUNDS rounds taking turns (which goes first alternates). */
async function measureReceiver(options: { pgliteDir: string; databaseUrl?: string }): Promise<{ rounds: Array<{ bare: FireResult; receiver: FireResult & { stored: number } }>; fullCapture: FullCaptureTiming }> {
  const { openDatabase } = await import('../../lib/db/open');
  const { webhookDeliveries } = await import('../../lib/db/schema');
  const { createCapture } = await import('../../lib/webhooks/captures');
  const { receiveDelivery } = await import('../../lib/webhooks/receive');
  const { CaptureRateLimiter } = await import('../../lib/webhooks/rate-limit');
  const { eq } = await import('drizzle-orm');
  const database = await openDatabase(options);
  const servers: Listening[] = [];
  try {
    const unlimited = new CaptureRateLimiter(Number.MAX_SAFE_INTEGER);
    // The capture's caps are lifted above the run's size, so every delivery must still be there at the end.
    const caps = { maxDeliveries: DELIVERIES * 2, maxBytes: 1024 * 1024 * 1024 };
    const bare = await listen(async () => 200);
    servers.push(bare);
    // The capture is the path, so every run shares one server and its connections, as the bare reader's runs do.
    const receiver = await listen(async (body, req) => {
      const headers = new Headers(Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'content-length'));
      const response = await receiveDelivery(database.db, (req.url ?? '/').slice(1), new Request('http://bench/', { method: 'POST', headers, body: new Uint8Array(body) }), { limiter: unlimited, caps });
      return response.status;
    });
    servers.push(receiver);
    const fireReceiver = async () => {
      const capture = await createCapture(database.db, 'http://127.0.0.1');
      const result = await fire(`${receiver.url}/${capture.id}`, capture.secret);
      const stored = (await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id))).length;
      return { ...result, stored };
    };
    const fireBare = () => fire(bare.url, 'unused-secret-for-baseline');
    await fireBare();
    await fireReceiver();
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const bareResult = await fireBare();
        rounds.push({ bare: bareResult, receiver: await fireReceiver() });
      } else {
        const receiverResult = await fireReceiver();
        rounds.push({ bare: await fireBare(), receiver: receiverResult });
      }
    }
    return { rounds, fullCapture: await measureFullCapture(database.db) };
  } finally {
    for (const server of servers) await server.close();
    await database.close();
  }
}

/** The round whose ratio is the median one: its figures are reported together. */
function medianRound<T extends { bare: FireResult; receiver: FireResult }>(rounds: readonly T[]): T & { ratio: number } {
  const ranked = rounds.map((round) => ({ ...round, ratio: round.bare.perSecond / round.receiver.perSecond })).sort((a, b) => a.ratio - b.ratio);
  return ranked[Math.floor(ranked.length / 2)]!;
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
      try {
        const { rounds, fullCapture } = await measureReceiver(await database.open());
        const middle = medianRound(rounds);
        // Lost: in any round, a delivery not answered 200 or not stored.
        const lost = rounds.reduce((sum, round) => sum + DELIVERIES - Math.min(round.receiver.stored, round.receiver.statuses.get(200) ?? 0), 0);
        rows.push(row(`bare HTTP read, answer 200 (beside ${database.kind}; median round)`, middle.bare, '-', middle.bare));
        rows.push(row(`receiveDelivery: verify + store (${database.kind}; median round)`, middle.receiver, middle.receiver.stored, middle.bare));
        notes.push(`${database.kind}: time / bare reader per round, in order ${rounds.map((round) => `${(round.bare.perSecond / round.receiver.perSecond).toFixed(2)}x`).join(', ')}; stored ${rounds.map((round) => round.receiver.stored).join(', ')}`);
        notes.push(
          `${database.kind}: the store alone, batches of ${FULL_CAPTURE_BATCH_SIZE}: ${round(fullCapture.fullMs, 3)} ms a delivery into a capture at its cap of 500 (each batch evicts the oldest), ${round(fullCapture.roomMs, 3)} ms into one holding as many with room (median of ${FULL_CAPTURE_ROUNDS} rounds taking turns).`,
        );
        figures.push(
          figure(`webhooks.${database.id}.vs-bare`, `Webhook receiver (${database.kind}): time / bare reader`, middle.ratio, 'x', { max: RATIO_TARGET }),
          figure(`webhooks.${database.id}.p99-ms`, `Webhook receiver (${database.kind}): p99 latency`, middle.receiver.p99Ms, 'ms', { max: P99_TARGET_MS }),
          figure(`webhooks.${database.id}.full-capture-x`, `Webhook store (${database.kind}): a full capture / one with room, a delivery (reference)`, fullCapture.fullMs / fullCapture.roomMs, 'x', {}),
          figure(`webhooks.${database.id}.lost`, `Webhook receiver (${database.kind}): deliveries lost (not answered 200 or not stored), all rounds`, lost, 'count', { max: 0 }),
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
    title: `Webhook receiver: ${DELIVERIES} signed deliveries, concurrency ${CONCURRENCY}, PGlite and PostgreSQL, ${ROUNDS} rounds beside a bare reader`,
    rows,
    figures,
    notes: [
      ...notes,
      'The per-capture flood limit (100/s, answered 429 and not stored) is lifted for this run so the storing path is measured, and so are the capture caps (500 deliveries, 32 MiB) so that none is evicted: every one of the 1,000 must be stored.',
      `"vs bare" is how many times slower than a server that only reads the body, in ${ROUNDS} rounds of 1,000 each taking turns (which goes first alternates); the figures are the median round's. Each path gets one warm-up run of 1,000 first, on the same server, so the measured runs reuse its 50 connections; each receiver run goes to a new capture.`,
      'PostgreSQL: Debian\'s server started on loopback for this run (fsync off, as in the tests), removed afterwards.',
      loadNote(),
    ],
  };
}
