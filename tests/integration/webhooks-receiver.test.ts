import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Db } from '@/lib/db/open';
import { jobStatusHistory, jobs, webhookDeliveries } from '@/lib/db/schema';
import { getSeenResponse, upsertSeenResponse } from '@/lib/chains/index-store';
import { insertHistoryEntry, searchHistory } from '@/lib/history/store';
import { createJob } from '@/lib/jobs/store';
import { createCapture, describeCapture, updateCapture } from '@/lib/webhooks/captures';
import { listUnmatchedDeliveries } from '@/lib/webhooks/deliveries';
import { insertDeliveries } from '@/lib/webhooks/store';
import { MAX_DELIVERY_BYTES, receiveDelivery } from '@/lib/webhooks/receive';
import { CaptureRateLimiter } from '@/lib/webhooks/rate-limit';
import { DATABASE_KINDS, openTestDatabase, setUpTestDatabases } from '../support/databases';
import { recordStatements } from '../support/statement-log';

/** A delivery as insertDeliveries takes it: `bytes` of body, answered 200 when validly signed, 401 when not. */
function newDelivery(captureId: string, webhookId: string, signatureValid: boolean, bytes: number) {
  return {
    captureId,
    webhookId,
    body: Buffer.alloc(bytes, 'x'),
    headers: {},
    sourceAddress: null,
    receivedAt: new Date(),
    signatureValid,
    signatureScheme: null,
    signatureDetail: null,
    responseId: null,
    eventType: null,
    answeredStatus: signatureValid ? 200 : 401,
  };
}

/** A capture's stored deliveries, oldest first, as their webhook ids (a stored duplicate marked `*`). */
async function keptIn(db: Db, captureId: string): Promise<string[]> {
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, captureId)).orderBy(webhookDeliveries.id);
  return rows.map((row) => `${row.webhookId}${row.duplicate ? '*' : ''}`);
}

const databases = setUpTestDatabases();

const ORIGIN = 'http://127.0.0.1:4599';

function eventBody(responseId: string, status: string): string {
  return JSON.stringify({ id: `evt_${status}`, object: 'event', type: `response.${status}`, created_at: Math.floor(Date.now() / 1000), data: { id: responseId, status } });
}

function signedRequest(captureId: string, body: string, secret: string, webhookId: string, extra: Record<string, string> = {}): Request {
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return new Request(`${ORIGIN}/api/webhooks/${captureId}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-id': webhookId,
      'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-webhook-signature': `sha256=${signature}`,
      'x-forwarded-for': '10.1.2.3, 127.0.0.1',
      authorization: 'Bearer should-not-be-stored',
      ...extra,
    },
  });
}

describe.each(DATABASE_KINDS)('webhook receiver on %s', (kind) => {
  it('stores valid, invalid and duplicate deliveries before answering, and feeds the job from valid ones only', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    expect(capture.url).toBe(`${ORIGIN}/api/webhooks/${capture.id}`);
    expect(capture.secret.length).toBeGreaterThanOrEqual(32);
    await createJob(db, { responseId: 'resp_a', model: 'local-agent', status: 'queued', onBehalfOf: null }, 'create');

    const firstBody = eventBody('resp_a', 'in_progress');
    const valid = await receiveDelivery(db, capture.id, signedRequest(capture.id, firstBody, capture.secret, 'wh_1'));
    expect(valid.status).toBe(200);
    const repeat = await receiveDelivery(db, capture.id, signedRequest(capture.id, eventBody('resp_a', 'in_progress'), capture.secret, 'wh_1'));
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ duplicate: true });
    const tamperedBody = eventBody('resp_a', 'completed');
    const tampered = signedRequest(capture.id, tamperedBody.replace('completed', 'failed'), capture.secret, 'wh_2');
    const forged = new Request(tampered.url, { method: 'POST', headers: { ...Object.fromEntries(tampered.headers), 'x-webhook-signature': `sha256=${createHmac('sha256', capture.secret).update(tamperedBody).digest('hex')}` }, body: tamperedBody.replace('completed', 'failed') });
    const invalid = await receiveDelivery(db, capture.id, forged);
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ error: { code: 'invalid_signature', param: 'x-webhook-signature' } });

    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id);
    expect(rows.map((row) => [row.webhookId, row.signatureValid, row.duplicate, row.answeredStatus])).toEqual([
      ['wh_1', true, false, 200],
      ['wh_1', true, true, 200],
      ['wh_2', false, false, 401],
    ]);
    expect(Buffer.from(rows[0]!.body).toString()).toBe(firstBody);
    expect(rows[0]!.sourceAddress).toBe('10.1.2.3');
    expect((rows[0]!.headers as Record<string, string>).authorization).toBe('[redacted]');
    expect(rows[0]!.signatureScheme).toBe('sha256=hex');
    expect(rows[0]).toMatchObject({ responseId: 'resp_a', eventType: 'response.in_progress' });

    const [job] = await db.select().from(jobs).where(eq(jobs.responseId, 'resp_a'));
    expect(job?.status).toBe('in_progress');
    const history = await db.select().from(jobStatusHistory).where(eq(jobStatusHistory.responseId, 'resp_a')).orderBy(jobStatusHistory.id);
    expect(history.map((entry) => [entry.status, entry.source])).toEqual([
      ['queued', 'create'],
      ['in_progress', 'webhook'],
    ]);
  });

  it('moves the history entry and the chain index to the status a valid delivery reports, never a forged one', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    await insertHistoryEntry(db, { body: { model: 'local-echo', input: 'hi' }, onBehalfOf: null, responseId: 'resp_w', status: 'queued' });
    await upsertSeenResponse(db, { id: 'resp_w', previousResponseId: null, conversationId: null, model: 'local-echo', status: 'queued', onBehalfOf: null });
    const forged = signedRequest(capture.id, eventBody('resp_w', 'failed'), 'not-the-secret', 'wh_f');
    expect((await receiveDelivery(db, capture.id, forged)).status).toBe(401);
    expect((await searchHistory(db, 'resp_w'))[0]?.status).toBe('queued');
    expect((await receiveDelivery(db, capture.id, signedRequest(capture.id, eventBody('resp_w', 'completed'), capture.secret, 'wh_c'))).status).toBe(200);
    expect((await searchHistory(db, 'resp_w'))[0]?.status).toBe('completed');
    expect((await getSeenResponse(db, 'resp_w'))?.status).toBe('completed');
  });

  it('answers 404 for an unknown capture and 413 over 1 MB by header or by count, storing neither', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const unknown = await receiveDelivery(db, 'cap_missing', signedRequest('cap_missing', '{}', 'x', 'wh_x'));
    expect(unknown.status).toBe(404);
    const declared = new Request(`${ORIGIN}/api/webhooks/${capture.id}`, { method: 'POST', body: 'x', headers: { 'content-length': String(MAX_DELIVERY_BYTES + 1) } });
    expect(declared.headers.get('content-length')).toBe(String(MAX_DELIVERY_BYTES + 1));
    expect((await receiveDelivery(db, capture.id, declared)).status).toBe(413);
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_DELIVERY_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const counted = new Request(`${ORIGIN}/api/webhooks/${capture.id}`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(counted.headers.get('content-length')).toBeNull();
    expect((await receiveDelivery(db, capture.id, counted)).status).toBe(413);
    expect(await db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('keeps the newest deliveries within the count and byte caps, and stores no unsigned delivery once full', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const options = { caps: { maxDeliveries: 3, maxBytes: 2_000 }, limiter: new CaptureRateLimiter(1_000) };
    const kept = async () => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id)).map((row) => row.webhookId);
    for (let index = 1; index <= 5; index += 1) {
      const answer = await receiveDelivery(db, capture.id, signedRequest(capture.id, eventBody(`resp_${index}`, 'queued'), capture.secret, `wh_${index}`), options);
      expect(answer.status).toBe(200);
    }
    expect(await kept()).toEqual(['wh_3', 'wh_4', 'wh_5']);

    const unsigned = (body: string) => new Request(`${ORIGIN}/api/webhooks/${capture.id}`, { method: 'POST', body, headers: { 'x-webhook-id': 'wh_unsigned' } });
    const refused = await receiveDelivery(db, capture.id, unsigned('{"flood":1}'), options);
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ error: { code: 'capture_full', message: expect.stringContaining('WEBHOOK_CAPTURE_MAX_DELIVERIES') } });
    expect(await kept()).toEqual(['wh_3', 'wh_4', 'wh_5']);

    // A signed delivery near the byte cap pushes out every older one.
    const big = JSON.stringify({ id: 'evt_big', type: 'response.completed', data: { id: 'resp_big', status: 'completed' }, pad: 'x'.repeat(1_850) });
    expect((await receiveDelivery(db, capture.id, signedRequest(capture.id, big, capture.secret, 'wh_big'), options)).status).toBe(200);
    expect(await kept()).toEqual(['wh_big']);
    // Below both caps an unsigned delivery is stored (and answered 401); one that would pass the byte cap is not.
    expect((await receiveDelivery(db, capture.id, unsigned('{}'), options)).status).toBe(401);
    expect((await receiveDelivery(db, capture.id, unsigned(JSON.stringify({ pad: 'y'.repeat(100) })), options)).status).toBe(507);
    expect(await kept()).toEqual(['wh_big', 'wh_unsigned']);
    expect(await describeCapture(db, capture.id, ORIGIN, options.caps)).toMatchObject({ deliveryCount: 2, storedBytes: Buffer.byteLength(big) + 2, maxDeliveries: 3, maxBytes: 2_000 });
  });

  it('deliveries that arrive together are each answered once stored: repeats marked once, caps kept, statuses applied', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    await createJob(db, { responseId: 'resp_b', model: 'local-agent', status: 'queued', onBehalfOf: null }, 'create');
    await insertHistoryEntry(db, { body: { model: 'local-agent', input: 'hi' }, onBehalfOf: null, responseId: 'resp_b', status: 'queued' });
    const options = { caps: { maxDeliveries: 30, maxBytes: 1_000_000 }, limiter: new CaptureRateLimiter(1_000) };
    const sent = [
      ...Array.from({ length: 30 }, (_, index) => signedRequest(capture.id, eventBody(`resp_c${index}`, 'completed'), capture.secret, `wh_c${index}`)),
      signedRequest(capture.id, eventBody('resp_b', 'completed'), capture.secret, 'wh_b'),
      signedRequest(capture.id, eventBody('resp_b', 'completed'), capture.secret, 'wh_b'),
    ];
    const answers = await Promise.all(sent.map((request) => receiveDelivery(db, capture.id, request, options)));
    expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 200));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ delivery_id: number; duplicate: boolean }>;
    expect(bodies.filter((body) => body.duplicate)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.delivery_id)).size).toBe(sent.length);
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id);
    expect(rows.map((row) => row.id)).toEqual([...bodies.map((body) => body.delivery_id)].sort((a, b) => a - b).slice(-30));
    const [job] = await db.select().from(jobs).where(eq(jobs.responseId, 'resp_b'));
    expect(job?.status).toBe('completed');
    const timeline = await db.select().from(jobStatusHistory).where(eq(jobStatusHistory.responseId, 'resp_b')).orderBy(jobStatusHistory.id);
    expect(timeline.map((entry) => [entry.status, entry.source])).toEqual([['queued', 'create'], ['completed', 'webhook']]);
    expect((await searchHistory(db, 'resp_b'))[0]?.status).toBe('completed');
  });

  it('a batch of deliveries is stored as one by one would: in order, later repeats marked, the newest kept, unsigned ones only into free room', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const delivery = (webhookId: string, signatureValid: boolean) => newDelivery(capture.id, webhookId, signatureValid, 10);
    const caps = { maxDeliveries: 3, maxBytes: 1_000 };
    const stored = await insertDeliveries(db, capture.id, [delivery('a', true), delivery('b', true), delivery('a', true), delivery('c', true)], caps);
    expect(stored.map((row) => [row?.webhookId, row?.duplicate])).toEqual([['a', false], ['b', false], ['a', true], ['c', false]]);
    const kept = () => keptIn(db, capture.id);
    expect(await kept()).toEqual(['b', 'a*', 'c']);
    // Full: an unsigned one is refused even after a signed one in the same batch made room by evicting.
    const mixed = await insertDeliveries(db, capture.id, [delivery('u1', false), delivery('d', true), delivery('u2', false)], caps);
    expect(mixed.map((row) => row?.webhookId ?? null)).toEqual([null, 'd', null]);
    expect(await kept()).toEqual(['a*', 'c', 'd']);
  });

  it('a batch that fits the capture is stored without ranking its deliveries; the one that does not evicts the oldest', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const delivery = (webhookId: string, bytes = 100) => newDelivery(capture.id, webhookId, true, bytes);
    const kept = () => keptIn(db, capture.id);
    const caps = { maxDeliveries: 4, maxBytes: 400 };
    const log = recordStatements(handle);
    try {
      // Exactly at both caps: 4 deliveries of 100 bytes, a repeat among them.
      await insertDeliveries(db, capture.id, [delivery('a'), delivery('b'), delivery('a'), delivery('c')], caps);
      expect(await kept()).toEqual(['a', 'b', 'a*', 'c']);
      expect(log.statements().filter((text) => /"ranked"/.test(text))).toHaveLength(0);
      // One more (a repeat of a stored id, found by the capture's index): the oldest goes.
      const [stored] = await insertDeliveries(db, capture.id, [delivery('b')], caps);
      expect(stored).toMatchObject({ webhookId: 'b', duplicate: true });
      expect(await kept()).toEqual(['b', 'a*', 'c', 'b*']);
      // Within the count but past the bytes: the two oldest go.
      await insertDeliveries(db, capture.id, [delivery('d', 150)], caps);
      expect(await kept()).toEqual(['c', 'b*', 'd']);
      expect(log.statements().filter((text) => /"ranked"/.test(text))).toHaveLength(2);
    } finally {
      log.stop();
    }
  });

  it('a capture full by count evicts just its own oldest deliveries without ranking; a batch larger than the cap still ranks', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    // Another capture's deliveries are older than every one below: an eviction not bound to its capture would take them first.
    const other = await createCapture(db, ORIGIN);
    await insertDeliveries(db, other.id, [newDelivery(other.id, 'x1', true, 10), newDelivery(other.id, 'x2', true, 10)], { maxDeliveries: 500, maxBytes: 1_000_000 });
    const capture = await createCapture(db, ORIGIN);
    const delivery = (webhookId: string) => newDelivery(capture.id, webhookId, true, 10);
    const caps = { maxDeliveries: 3, maxBytes: 10_000 };
    const log = recordStatements(handle);
    try {
      await insertDeliveries(db, capture.id, [delivery('a'), delivery('b'), delivery('c')], caps);
      // Full: two more (one repeating a stored id that is about to be evicted) push out the two oldest.
      const stored = await insertDeliveries(db, capture.id, [delivery('d'), delivery('a')], caps);
      expect(stored.map((row) => [row?.webhookId, row?.duplicate])).toEqual([['d', false], ['a', true]]);
      expect(await keptIn(db, capture.id)).toEqual(['c', 'd', 'a*']);
      await insertDeliveries(db, capture.id, [delivery('e')], caps);
      expect(await keptIn(db, capture.id)).toEqual(['d', 'a*', 'e']);
      expect(log.statements().filter((text) => /"ranked"/.test(text))).toHaveLength(0);
      expect(await keptIn(db, other.id)).toEqual(['x1', 'x2']);
      // More in one batch than the capture may hold: the batch's own oldest go too, as one by one would.
      await insertDeliveries(db, capture.id, [delivery('f'), delivery('g'), delivery('h'), delivery('i')], caps);
      expect(await keptIn(db, capture.id)).toEqual(['g', 'h', 'i']);
      expect(log.statements().filter((text) => /"ranked"/.test(text))).toHaveLength(1);
      expect(await keptIn(db, other.id)).toEqual(['x1', 'x2']);
    } finally {
      log.stop();
    }
  });

  it('finds a repeat whatever characters its webhook id holds (the ids go to the database as one array)', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const ids = ['plain', 'a,b', 'quote"d', 'back\\slash', '{brace}', ' spaced ', 'NULL', '', 'émoji 🎉', 'nul\u0000byte', "single'quote"];
    const batch = () => ids.map((webhookId) => newDelivery(capture.id, webhookId, true, 2));
    const caps = { maxDeliveries: 500, maxBytes: 1_000_000 };
    expect((await insertDeliveries(db, capture.id, batch(), caps)).map((row) => [row?.webhookId, row?.duplicate])).toEqual(ids.map((id) => [id, false]));
    expect((await insertDeliveries(db, capture.id, batch(), caps)).map((row) => [row?.webhookId, row?.duplicate])).toEqual(ids.map((id) => [id, true]));
    const stored = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.captureId, capture.id)).orderBy(webhookDeliveries.id);
    expect(stored.map((row) => row.webhookId)).toEqual([...ids, ...ids]);
  });

  it('limits floods per capture with 429 and Retry-After, without storing them', async () => {
    const handle = await databases.open(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    const limiter = new CaptureRateLimiter(3);
    const answers = [];
    for (let index = 0; index < 5; index += 1) {
      answers.push(await receiveDelivery(db, capture.id, signedRequest(capture.id, eventBody('resp_x', 'queued'), capture.secret, `wh_${index}`), { limiter }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(webhookDeliveries)).toHaveLength(3);
  });

  it('answers with the scripted status, lists unmatched deliveries, and keeps everything across a reopen', async () => {
    const handle = await openTestDatabase(kind);
    const { db } = handle;
    const capture = await createCapture(db, ORIGIN);
    await updateCapture(db, capture.id, { answerStatus: 503, answerDelayMs: 50 });
    const started = Date.now();
    const answer = await receiveDelivery(db, capture.id, signedRequest(capture.id, eventBody('resp_nojob', 'queued'), capture.secret, 'wh_s'));
    expect(answer.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect((await listUnmatchedDeliveries(db)).map((row) => row.responseId)).toEqual(['resp_nojob']);
    await createJob(db, { responseId: 'resp_kept', model: null, status: 'queued', onBehalfOf: 'user-1' }, 'create');
    await handle.close();

    const reopened = await openDatabase(handle.options);
    databases.closeAfter(reopened);
    const rows = await reopened.db.select().from(webhookDeliveries);
    expect(rows.map((row) => [row.webhookId, row.answeredStatus, row.signatureValid])).toEqual([['wh_s', 503, true]]);
    expect(Buffer.from(rows[0]!.body).toString()).toContain('resp_nojob');
    const [job] = await reopened.db.select().from(jobs).where(eq(jobs.responseId, 'resp_kept'));
    expect(job).toMatchObject({ status: 'queued', onBehalfOf: 'user-1' });
  });
});
