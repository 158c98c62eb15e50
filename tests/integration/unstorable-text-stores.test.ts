// Every store keeps text PostgreSQL cannot hold (NUL, lone surrogates) and reads it back as written: presets, webhook deliveries, jobs, chain index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSeenResponse, upsertSeenResponse } from '@/lib/chains/index-store';
import type { DatabaseHandle } from '@/lib/db/open';
import { createJob, getJob, listJobs, schedulePoll } from '@/lib/jobs/store';
import { listPresets, savePreset } from '@/lib/presets/store';
import { createCapture } from '@/lib/webhooks/captures';
import { listCaptureDeliveries, toDeliveryView } from '@/lib/webhooks/deliveries';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';

const ODD = 'nul\u0000 high\ud800 low\udc00 escape\uE000 pair\ud83d\ude00';

describe.each(DATABASE_KINDS)('stores keep any text on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('saves and lists a preset whose name and body hold such text', async () => {
    const body = { model: ODD, input: [{ role: 'user', content: ODD }], metadata: { [ODD]: ODD } };
    await savePreset(handle.db, `preset ${ODD}`, body);
    await savePreset(handle.db, `preset ${ODD}`, { ...body, instructions: ODD });
    expect(await listPresets(handle.db)).toMatchObject([{ name: `preset ${ODD}`, body: { ...body, instructions: ODD } }]);
  });

  it('stores a webhook delivery whose event type and response id hold such text, and answers it (401: unsigned), not 500', async () => {
    const capture = await createCapture(handle.db, 'http://127.0.0.1:3000');
    const raw = JSON.stringify({ type: `response.completed${ODD}`, created_at: 1, data: { id: `resp_${ODD}`, status: 'completed' } });
    const reply = await receiveDelivery(handle.db, capture.id, new Request('http://127.0.0.1/hook', { method: 'POST', body: raw }));
    expect(reply.status).toBe(401);
    const [row] = await listCaptureDeliveries(handle.db, capture.id);
    expect(toDeliveryView(row!)).toMatchObject({ eventType: `response.completed${ODD}`, responseId: `resp_${ODD}`, bodyText: raw });
  });

  it('keeps a job whose model and last error hold such text, and finds it by id', async () => {
    await createJob(handle.db, { responseId: `resp_job${ODD}`, model: ODD, status: 'queued', onBehalfOf: null }, 'create');
    await schedulePoll(handle.db, `resp_job${ODD}`, { pollAttempts: 1, nextPollAt: null, lastError: `gateway said ${ODD}` });
    expect(await getJob(handle.db, `resp_job${ODD}`)).toMatchObject({ model: ODD, lastError: `gateway said ${ODD}` });
    expect((await listJobs(handle.db, { q: `job${ODD}` })).map((job) => job.responseId)).toEqual([`resp_job${ODD}`]);
  });

  it('indexes a response whose model and parent hold such text', async () => {
    await upsertSeenResponse(handle.db, { id: `resp_seen${ODD}`, previousResponseId: `resp_prev${ODD}`, conversationId: null, model: ODD, status: 'completed', onBehalfOf: null });
    expect(await getSeenResponse(handle.db, `resp_seen${ODD}`)).toMatchObject({ previous_response_id: `resp_prev${ODD}`, model: ODD });
  });
});
