// A capture's watch: silent a minute after the latest background run that named it, delivered once anything arrives.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestHistory, webhookDeliveries } from '@/lib/db/schema';
import { insertHistoryEntry } from '@/lib/history/store';
import { createCapture, describeCapture, listCaptures } from '@/lib/webhooks/captures';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { readCaptureWatches } from '@/lib/webhooks/watch';
import { DATABASE_KINDS, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

const ORIGIN = 'http://127.0.0.1:4599';
const MINUTE_MS = 60_000;

function signed(captureId: string, secret: string, responseId: string): Request {
  const body = JSON.stringify({ id: `evt_${responseId}`, object: 'event', type: 'response.queued', created_at: Math.floor(Date.now() / 1000), data: { id: responseId, status: 'queued' } });
  return new Request(`${ORIGIN}/api/webhooks/${captureId}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-webhook-id': `evt_${responseId}`, 'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
  });
}

describe.each(DATABASE_KINDS)('capture watch on %s', (kind) => {
  it('waits, then says silent a minute after a background run named the capture, until a delivery arrives', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    // Through a tunnel's origin: the path names the capture all the same.
    await insertHistoryEntry(db, { body: { model: 'm', input: 'x', background: true, webhook_url: `https://tunnel.example/api/webhooks/${capture.id}` }, onBehalfOf: null, responseId: 'resp_named', status: 'queued' });
    const now = new Date();
    const soon = (await readCaptureWatches(db, [capture.id], now)).get(capture.id);
    expect(soon).toMatchObject({ verdict: 'waiting', lastRun: { responseId: 'resp_named' }, lastDeliveryAt: null, checkedAt: now.toISOString() });
    const later = new Date(now.getTime() + MINUTE_MS + 1_000);
    expect((await readCaptureWatches(db, [capture.id], later)).get(capture.id)?.verdict).toBe('silent');

    expect((await receiveDelivery(db, capture.id, signed(capture.id, capture.secret, 'resp_named'))).status).toBe(200);
    const heard = (await readCaptureWatches(db, [capture.id], later)).get(capture.id);
    expect(heard?.verdict).toBe('delivered');
    expect(heard?.lastDeliveryAt).not.toBeNull();

    // The capture's views carry the watch, as of the server's clock.
    expect((await describeCapture(db, capture.id, ORIGIN))?.watch).toMatchObject({ verdict: 'delivered', lastRun: { responseId: 'resp_named' } });
    expect((await listCaptures(db, ORIGIN)).find((view) => view.id === capture.id)?.watch.verdict).toBe('delivered');
  });

  it('counts only the latest run: a delivery for an earlier one does not answer for it', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    await insertHistoryEntry(db, { body: { background: true, webhook_url: `${ORIGIN}/api/webhooks/${capture.id}` }, onBehalfOf: null, responseId: 'resp_old', status: 'queued' });
    await receiveDelivery(db, capture.id, signed(capture.id, capture.secret, 'resp_old'));
    const twoMinutesAgo = new Date(Date.now() - 2 * MINUTE_MS);
    await db.update(webhookDeliveries).set({ receivedAt: twoMinutesAgo }).where(eq(webhookDeliveries.captureId, capture.id));
    await db.update(requestHistory).set({ createdAt: twoMinutesAgo }).where(eq(requestHistory.responseId, 'resp_old'));
    await insertHistoryEntry(db, { body: { background: true, webhook_url: `${ORIGIN}/api/webhooks/${capture.id}` }, onBehalfOf: null, responseId: 'resp_new', status: 'queued' });
    const watch = (await readCaptureWatches(db, [capture.id], new Date(Date.now() + MINUTE_MS + 1_000))).get(capture.id);
    expect(watch).toMatchObject({ verdict: 'silent', lastRun: { responseId: 'resp_new' }, lastDeliveryAt: twoMinutesAgo.toISOString() });
  });

  it('has no run to wait on for foreground requests, refused requests and other URLs', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const url = `${ORIGIN}/api/webhooks/${capture.id}`;
    await insertHistoryEntry(db, { body: { background: false, webhook_url: url }, onBehalfOf: null, responseId: 'resp_fg', status: 'completed' });
    await insertHistoryEntry(db, { body: { background: true, webhook_url: url }, onBehalfOf: null, responseId: null, status: null });
    await insertHistoryEntry(db, { body: { background: true, webhook_url: `${url}-other` }, onBehalfOf: null, responseId: 'resp_elsewhere', status: 'queued' });
    await insertHistoryEntry(db, { body: { background: true, webhook_url: 'not a url' }, onBehalfOf: null, responseId: 'resp_bad', status: 'queued' });
    const watch = (await readCaptureWatches(db, [capture.id], new Date(Date.now() + 10 * MINUTE_MS))).get(capture.id);
    expect(watch).toMatchObject({ verdict: 'no_runs', lastRun: null });
  });
});
