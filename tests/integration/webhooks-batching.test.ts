// The receiver's group commit on both databases: deliveries arriving turn after turn share a few statements, the capture is read once per batch, and each is answered only after the commit that stored it.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { webhookDeliveries } from '@/lib/db/schema';
import { createCapture } from '@/lib/webhooks/captures';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { CaptureRateLimiter } from '@/lib/webhooks/rate-limit';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { recordStatements } from '../support/statement-log';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

const ORIGIN = 'http://127.0.0.1:4599';
const DELIVERIES = 30;

function signedRequest(captureId: string, secret: string, index: number): Request {
  const body = JSON.stringify({ id: `evt_${index}`, object: 'event', type: 'response.completed', data: { id: `resp_${index}`, status: 'completed' } });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return new Request(`${ORIGIN}/api/webhooks/${captureId}`, { method: 'POST', body, headers: { 'x-webhook-id': `wh_${index}`, 'x-webhook-signature': `sha256=${signature}` } });
}

describe.each(DATABASE_KINDS)('webhook receiver batching on %s', (kind) => {
  it(`${DELIVERIES} deliveries arriving one per event-loop turn are stored in a few transactions, each answered after its commit`, async () => {
    const handle = await openTestDatabase(kind);
    open.push(handle);
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
    expect(statements.length).toBeLessThan(DELIVERIES * 4);
    // The capture (secret, scripted answer, owner) is read once per batch, inside it, not once per delivery.
    expect(statements.filter((text) => /from "webhook_captures"/.test(text))).toHaveLength(transactions);
    expect(statements.filter((text) => /^insert into "webhook_deliveries"/.test(text))).toHaveLength(transactions);

    // Each answer comes after an insert of deliveries and the commit that followed it.
    for (let index = 1; index <= DELIVERIES; index += 1) {
      const before = log.entries.slice(0, log.entries.indexOf(`answer ${index}`));
      const inserted = before.findIndex((entry) => /^sql: insert into "webhook_deliveries"/.test(entry));
      expect(inserted, `answer ${index}`).toBeGreaterThanOrEqual(0);
      expect(before.slice(inserted).some((entry) => /^sql: commit/i.test(entry)), `answer ${index}`).toBe(true);
    }
    const rows = await db.select({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId }).from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id));
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set([...replies.map((reply) => reply.deliveryId), rows.find((row) => row.webhookId === 'wh_0')!.id]));
  });
});
