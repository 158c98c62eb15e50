// The receiver's group commit on both databases: deliveries arriving turn after turn share a few statements, the capture is read once per batch, and each is answered only after the commit that stored it.
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '@/lib/db/schema';
import { insertHistoryEntry, searchHistory } from '@/lib/history/store';
import { createCapture } from '@/lib/webhooks/captures';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { CaptureRateLimiter } from '@/lib/webhooks/rate-limit';
import { DATABASE_KINDS, setUpTestDatabases } from '../support/databases';
import { recordStatements } from '../support/statement-log';

const databases = setUpTestDatabases();

const ORIGIN = 'http://127.0.0.1:4599';
const DELIVERIES = 30;

function signedRequest(captureId: string, secret: string, index: number): Request {
  const body = JSON.stringify({ id: `evt_${index}`, object: 'event', type: 'response.completed', data: { id: `resp_${index}`, status: 'completed' } });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return new Request(`${ORIGIN}/api/webhooks/${captureId}`, { method: 'POST', body, headers: { 'x-webhook-id': `wh_${index}`, 'x-webhook-signature': `sha256=${signature}` } });
}

describe.each(DATABASE_KINDS)('webhook receiver batching on %s', (kind) => {
  it(`${DELIVERIES} deliveries arriving one per event-loop turn are stored in a few transactions, each answered after its commit`, async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const options = { limiter: new CaptureRateLimiter(1_000) };
    // The first delivery learns that the capture exists; the measured ones arrive after.
    expect((await receiveDelivery(db, capture.id, signedRequest(capture.id, capture.secret, 0), options)).status).toBe(200);

    const log = recordStatements(handle);
    const answers: Array<Promise<{ status: number; deliveryId: number }>> = [];
    try {
      for (let index = 1; index <= DELIVERIES; index += 1) {
        answers.push(
          receiveDelivery(db, capture.id, signedRequest(capture.id, capture.secret, index), options).then(async (answer) => {
            log.note(`answer ${index}`);
            return { status: answer.status, deliveryId: ((await answer.json()) as { delivery_id: number }).delivery_id };
          }),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(answers);
    } finally {
      log.stop();
    }
    const replies = await Promise.all(answers);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));

    const statements = log.statements();
    const transactions = statements.filter((text) => /^begin/i.test(text)).length;
    expect(transactions).toBeGreaterThan(0);
    // Gathered (one at a time they take a transaction and about ten statements each): a handful of transactions in all.
    expect(transactions).toBeLessThanOrEqual(DELIVERIES / 3);
    // Each batch: begin, the capture read under its lock, what it holds, one insert that marks repeats (the capture has
    // room, so nothing is ranked for eviction), commit; then its statuses fed to the job lookup, history and chain index
    // (four statements, outside the capture's lock).
    expect(statements.filter((text) => /from "webhook_captures"/.test(text))).toHaveLength(transactions);
    expect(statements.filter((text) => /^select count\(\*\)::int as "deliveries"/.test(text))).toHaveLength(transactions);
    expect(statements.filter((text) => /^with "incoming"/.test(text))).toHaveLength(transactions);
    expect(statements.filter((text) => /"ranked"/.test(text))).toHaveLength(0);
    expect(statements.filter((text) => /^commit/i.test(text))).toHaveLength(transactions);
    expect(statements.filter((text) => /^\s*delete/i.test(text))).toHaveLength(0);
    expect(statements).toHaveLength(transactions * 9);

    // Each answer comes after an insert of deliveries and the commit that followed it.
    for (let index = 1; index <= DELIVERIES; index += 1) {
      const before = log.entries.slice(0, log.entries.indexOf(`answer ${index}`));
      const inserted = before.findIndex((entry) => /^sql: with "incoming"/.test(entry));
      expect(inserted, `answer ${index}`).toBeGreaterThanOrEqual(0);
      expect(before.slice(inserted).some((entry) => /^sql: commit/i.test(entry)), `answer ${index}`).toBe(true);
    }
    const rows = await db.select({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id));
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set([...replies.map((reply) => reply.deliveryId), rows.find((row) => row.webhookId === 'wh_0')!.id]));
  });
});

describe('webhook receiver on postgres', () => {
  it('stores the next batch while the previous batch\'s statuses are still being fed, and answers each only after its own were', async () => {
    const handle = await databases.open('postgres');
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const options = { limiter: new CaptureRateLimiter(1_000) };
    await insertHistoryEntry(db, { body: { model: 'local-agent', input: 'hi' }, onBehalfOf: null, responseId: 'resp_1', status: 'queued' });
    expect((await receiveDelivery(db, capture.id, signedRequest(capture.id, capture.secret, 0), options)).status).toBe(200);
    const storedCount = async () => (await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id))).length;

    // Another session holds the history table, so feeding the first batch's statuses waits there.
    const blocker = new pg.Client({ connectionString: handle.options.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table "request_history" in exclusive mode');
      const answered: number[] = [];
      const send = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, offset) =>
          receiveDelivery(db, capture.id, signedRequest(capture.id, capture.secret, from + offset), options).then((answer) => {
            answered.push(from + offset);
            return answer.status;
          }),
        );
      const first = send(1, 5);
      await vi.waitFor(async () => expect(await storedCount()).toBe(6), { timeout: 30_000, interval: 50 });
      const second = send(6, 10);
      // The second wave is committed although the first wave's statuses are not fed yet; nobody is answered yet.
      await vi.waitFor(async () => expect(await storedCount()).toBe(11), { timeout: 30_000, interval: 50 });
      expect(answered).toEqual([]);
      await blocker.query('rollback');
      expect(await Promise.all([...first, ...second])).toEqual(Array.from({ length: 10 }, () => 200));
    } finally {
      await blocker.end();
    }
    expect((await searchHistory(db, 'resp_1'))[0]?.status).toBe('completed');
  });
});
