import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { webhookDeliveries } from '@/lib/db/schema';
import { LOCAL_GATEWAY_DEV_KEY } from '@/lib/env-schema';
import { cancelJob } from '@/lib/jobs/actions';
import { readGatewayReply } from '@/lib/gateway/responses';
import type { ResponseGateway } from '@/lib/jobs/ports';
import { refreshDueJobs } from '@/lib/jobs/refresh';
import { createJob, getJob, listHistory } from '@/lib/jobs/store';
import { getJobDetail } from '@/lib/jobs/views';
import { startLocalGatewayServer } from '@/lib/local-gateway/server';
import { createCapture } from '@/lib/webhooks/captures';
import { listResponseDeliveryViews } from '@/lib/webhooks/deliveries';
import type { SignatureExplanation } from '@/lib/webhooks/explain';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { replayDelivery } from '@/lib/webhooks/replay';
import { makePgliteDir, openTestDatabase } from '../support/databases';

type Gateway = Awaited<ReturnType<typeof startLocalGatewayServer>>;

/** A tiny receiver: /api/webhooks/{id} goes to receiveDelivery; /relay/api/webhooks/{id} first re-serializes the JSON body, like a bad relay. */
async function startHarness(handle: DatabaseHandle): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    const isRelay = req.url?.startsWith('/relay/') ?? false;
    if (isRelay) body = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    const captureId = decodeURIComponent(req.url?.split('/').pop() ?? '');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'content-length') headers.set(name, value);
    const response = await receiveDelivery(handle.db, captureId, new Request(`http://harness${req.url}`, { method: 'POST', headers, body }));
    res.writeHead(response.status, { 'content-type': 'application/json' });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function httpGateway(gateway: Gateway): ResponseGateway {
  const call = async (path: string, method: string, onBehalfOf: string | null) => {
    const headers: Record<string, string> = { authorization: `Bearer ${LOCAL_GATEWAY_DEV_KEY}` };
    if (onBehalfOf) headers['x-on-behalf-of'] = onBehalfOf;
    return readGatewayReply(await fetch(`${gateway.url}/api/v1/llm${path}`, { method, headers }));
  };
  return {
    retrieve: (id, onBehalfOf) => call(`/responses/${id}`, 'GET', onBehalfOf),
    cancel: (id, onBehalfOf) => call(`/responses/${id}/cancel`, 'POST', onBehalfOf),
  };
}

async function createBackground(gateway: Gateway, body: Record<string, unknown>): Promise<{ id: string; status: string; model: string }> {
  const response = await fetch(`${gateway.url}/api/v1/llm/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_GATEWAY_DEV_KEY}`, 'content-type': 'application/json', 'x-on-behalf-of': 'tester' },
    body: JSON.stringify({ model: 'local-agent', input: 'hello', background: true, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; status: string; model: string };
}

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('background responses from the local gateway', () => {
  let handle: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof startHarness>>;
  let fast: Gateway;
  let slow: Gateway;

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    harness = await startHarness(handle);
    // The harness stands in for the playground: its origin is the gateway's allowed webhook target.
    fast = await startLocalGatewayServer({ port: 0, pgliteDir: makePgliteDir(), tokensPerSecond: 400, publicOrigin: harness.url });
    slow = await startLocalGatewayServer({ port: 0, pgliteDir: makePgliteDir(), tokensPerSecond: 1, publicOrigin: harness.url });
  });
  afterAll(async () => {
    await Promise.allSettled([fast?.close(), slow?.close()]);
    await harness?.close();
    await handle?.close();
  });

  it('delivers queued, in_progress and completed, each validly signed, and the job follows to completed', async () => {
    const capture = await createCapture(handle.db, harness.url);
    const created = await createBackground(fast, { webhook_url: capture.url, webhook_secret: capture.secret });
    expect(created.status).toBe('queued');
    await createJob(handle.db, { responseId: created.id, model: created.model, status: created.status, onBehalfOf: 'tester' }, 'create');
    const gateway = httpGateway(fast);
    const deliveries = await waitFor(
      async () => {
        await refreshDueJobs(handle.db, gateway);
        return handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id);
      },
      (rows) => rows.length >= 3,
    );
    expect(deliveries.map((row) => row.eventType)).toEqual(['response.queued', 'response.in_progress', 'response.completed']);
    expect(deliveries.every((row) => row.signatureValid && row.signatureScheme === 'sha256=hex' && row.responseId === created.id && !row.duplicate)).toBe(true);
    expect((await getJob(handle.db, created.id))?.status).toBe('completed');
    const history = (await listHistory(handle.db, [created.id])).get(created.id) ?? [];
    expect(history[0]).toMatchObject({ status: 'queued', source: 'create' });
    expect(history.map((entry) => entry.status)).toEqual(['queued', 'in_progress', 'completed']);
    const detail = await getJobDetail(handle.db, created.id, { now: new Date(), stallAfterMs: 60_000 }, listResponseDeliveryViews);
    const webhookEntries = detail?.timeline.filter((entry) => entry.kind === 'delivery') ?? [];
    expect(webhookEntries.map((entry) => entry.kind === 'delivery' && entry.reportedStatus)).toEqual(['queued', 'in_progress', 'completed']);

    const replayed = await replayDelivery(handle.db, capture.id, deliveries[2]!.id, new URL(capture.url));
    expect(replayed).toMatchObject({ httpStatus: 200, error: null });
    const after = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id);
    expect(after).toHaveLength(4);
    expect(after[3]).toMatchObject({ duplicate: true, signatureValid: true, webhookId: deliveries[2]!.webhookId });
    expect(Buffer.from(after[3]!.body).equals(Buffer.from(deliveries[2]!.body))).toBe(true);
    const replayedDetail = await getJobDetail(handle.db, created.id, { now: new Date(), stallAfterMs: 60_000 }, listResponseDeliveryViews);
    const completedEntry = replayedDetail?.timeline.find((entry) => entry.kind === 'delivery' && entry.reportedStatus === 'completed');
    expect(completedEntry?.kind === 'delivery' && completedEntry.attempts.length).toBe(2);
    expect(replayedDetail?.history).toHaveLength(3);
  });

  it('flags a body re-serialized on the way as invalid, stored and answered 401', async () => {
    const capture = await createCapture(handle.db, harness.url);
    const relayUrl = `${harness.url}/relay/api/webhooks/${capture.id}`;
    const created = await createBackground(fast, { webhook_url: relayUrl, webhook_secret: capture.secret });
    const rows = await waitFor(
      () => handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)),
      (found) => found.length >= 1,
    );
    const first = rows[0]!;
    expect(first).toMatchObject({ signatureValid: false, answeredStatus: 401, responseId: created.id });
    const explanation = first.signatureDetail as SignatureExplanation;
    expect(explanation.reserialized.looksReserialized).toBe(true);
    expect(explanation.receivedHex).not.toBe(explanation.expectedHex);
  });

  it('cancels a running job: the gateway answers cancelled and the job ends there', async () => {
    const created = await createBackground(slow, { input: 'write a long story about the sea' });
    await createJob(handle.db, { responseId: created.id, model: created.model, status: created.status, onBehalfOf: 'tester' }, 'create');
    expect(await cancelJob(handle.db, httpGateway(slow), created.id)).toEqual({ kind: 'ok', httpStatus: 200 });
    expect((await getJob(handle.db, created.id))?.status).toBe('cancelled');
    const history = (await listHistory(handle.db, [created.id])).get(created.id) ?? [];
    expect(history.at(-1)).toMatchObject({ status: 'cancelled', source: 'cancel' });
    const remote = await httpGateway(slow).retrieve(created.id, 'tester');
    expect(remote.body).toMatchObject({ status: 'cancelled' });
  });
});
