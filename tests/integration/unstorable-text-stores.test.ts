// Every store keeps text PostgreSQL cannot hold (NUL, lone surrogates) and reads it back as written: presets, webhook deliveries, jobs, chain index.
import { describe, expect, it } from 'vitest';
import { getSeenResponse, upsertSeenResponse } from '@/lib/chains/index-store';
import { createJob, getJob, listJobs, schedulePoll } from '@/lib/jobs/store';
import { listPresets, savePreset } from '@/lib/presets/store';
import { createCapture } from '@/lib/webhooks/captures';
import { listCaptureDeliveries, toDeliveryView } from '@/lib/webhooks/deliveries';
import { receiveDelivery } from '@/lib/webhooks/receive';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';

const ODD = 'nul\u0000 high\ud800 low\udc00 escape\uE000 pair\ud83d\ude00';

describe.each(DATABASE_KINDS)('stores keep any text on %s', (kind) => {
  const db = useTestDatabase(kind);

  it('saves and lists a preset whose name and body hold such text', async () => {
    const body = { model: ODD, input: [{ role: 'user', content: ODD }], metadata: { [ODD]: ODD } };
    await savePreset(db(), `preset ${ODD}`, body);
    await savePreset(db(), `preset ${ODD}`, { ...body, instructions: ODD });
    expect(await listPresets(db())).toMatchObject([{ name: `preset ${ODD}`, body: { ...body, instructions: ODD } }]);
  });

  it('stores a webhook delivery whose event type and response id hold such text, and answers it (401: unsigned), not 500', async () => {
    const capture = await createCapture(db(), 'http://127.0.0.1:3000');
    const raw = JSON.stringify({ type: `response.completed${ODD}`, created_at: 1, data: { id: `resp_${ODD}`, status: 'completed' } });
    const reply = await receiveDelivery(db(), capture.id, new Request('http://127.0.0.1/hook', { method: 'POST', body: raw }));
    expect(reply.status).toBe(401);
    const [row] = await listCaptureDeliveries(db(), capture.id);
    expect(toDeliveryView(row!)).toMatchObject({ eventType: `response.completed${ODD}`, responseId: `resp_${ODD}`, bodyText: raw });
  });

  it('keeps a job whose model and last error hold such text, and finds it by id', async () => {
    await createJob(db(), { responseId: `resp_job${ODD}`, model: ODD, status: 'queued', onBehalfOf: null }, 'create');
    await schedulePoll(db(), `resp_job${ODD}`, { pollAttempts: 1, nextPollAt: null, lastError: `gateway said ${ODD}` });
    expect(await getJob(db(), `resp_job${ODD}`)).toMatchObject({ model: ODD, lastError: `gateway said ${ODD}` });
    expect((await listJobs(db(), { q: `job${ODD}` })).map((job) => job.responseId)).toEqual([`resp_job${ODD}`]);
  });

  it('indexes a response whose model and parent hold such text', async () => {
    await upsertSeenResponse(db(), { id: `resp_seen${ODD}`, previousResponseId: `resp_prev${ODD}`, conversationId: null, model: ODD, status: 'completed', onBehalfOf: null });
    expect(await getSeenResponse(db(), `resp_seen${ODD}`)).toMatchObject({ previous_response_id: `resp_prev${ODD}`, model: ODD });
  });
});
