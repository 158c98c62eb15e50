// The webhook routes' bodies: create and list captures, receive, set the scripted answer, list and replay deliveries (failures thrown, answered by withRoute).
import 'server-only';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { internalOrigin, publicOrigin, type Env } from '@/lib/env-schema';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { ApiError } from '@/lib/schema';
import { captureUrl, createCapture, describeCapture, listCaptures, updateCaptureAnswer } from './captures';
import { listCaptureDeliveries, listUnmatchedDeliveries, toDeliveryView, type CaptureCaps } from './deliveries';
import { receiveDelivery } from './receive';
import { replayDelivery } from './replay';
import { checkReplayTarget } from './replay-target';
import { captureAnswerSchema, replayBodySchema } from './schemas';

const NO_STORE = { 'Cache-Control': 'no-store' };

function captureCaps(env: Env): CaptureCaps {
  return { maxDeliveries: env.WEBHOOK_CAPTURE_MAX_DELIVERIES, maxBytes: env.WEBHOOK_CAPTURE_MAX_BYTES };
}

function captureNotFound(captureId: string): ApiError {
  return new ApiError(404, `No webhook capture ${captureId}.`, { param: 'capture_id', code: 'capture_not_found' });
}

export const handleCreateCapture = withRoute('POST /api/webhooks', async () => {
  const capture = await createCapture(await getDb(), publicOrigin(getEnv()));
  return Response.json(toSnakeCase(capture), { status: 201, headers: NO_STORE });
});

export const handleListCaptures = withRoute('GET /api/webhooks', async () => {
  const db = await getDb();
  const env = getEnv();
  const captures = await listCaptures(db, publicOrigin(env), captureCaps(env));
  const unmatched = (await listUnmatchedDeliveries(db)).map(toDeliveryView);
  return Response.json(toSnakeCase({ captures, unmatched }), { headers: NO_STORE });
});

export const handleReceive = withRoute('POST /api/webhooks/{id}', async (captureId: string, request: Request) => receiveDelivery(await getDb(), captureId, request, { caps: captureCaps(getEnv()) }));

export const handleGetCapture = withRoute('GET /api/webhooks/{id}', async (captureId: string) => {
  const db = await getDb();
  const env = getEnv();
  const capture = await describeCapture(db, captureId, publicOrigin(env), captureCaps(env));
  if (!capture) throw captureNotFound(captureId);
  const deliveries = (await listCaptureDeliveries(db, captureId)).map(toDeliveryView);
  return Response.json(toSnakeCase({ capture, deliveries }), { headers: NO_STORE });
});

export const handlePatchCapture = withRoute('PATCH /api/webhooks/{id}', async (captureId: string, request: Request) => {
  const answer = await readJsonBody(request, captureAnswerSchema);
  const db = await getDb();
  const updated = await updateCaptureAnswer(db, captureId, { answerStatus: answer.answer_status, answerDelayMs: answer.answer_delay_ms });
  if (!updated) throw captureNotFound(captureId);
  const env = getEnv();
  return Response.json(toSnakeCase(await describeCapture(db, captureId, publicOrigin(env), captureCaps(env))), { headers: NO_STORE });
});

export const handleReplay = withRoute('POST /api/webhooks/{id}/deliveries/{deliveryId}/replay', async (captureId: string, deliveryId: string, request: Request) => {
  const body = await readJsonBody(request, replayBodySchema);
  const env = getEnv();
  const ownReceiver = captureUrl(internalOrigin(env), captureId);
  let target = new URL(ownReceiver);
  if (body.target !== undefined) {
    const check = checkReplayTarget(body.target, { ownReceivers: [ownReceiver, captureUrl(publicOrigin(env), captureId)], allow: env.WEBHOOK_REPLAY_ALLOW });
    if (!check.isAllowed) throw new ApiError(400, `target: ${check.message}.`, { param: 'target', code: 'target_not_allowed' });
    target = check.url;
  }
  const id = Number(deliveryId);
  const result = Number.isSafeInteger(id) ? await replayDelivery(await getDb(), captureId, id, target) : null;
  if (!result) throw new ApiError(404, `No delivery ${deliveryId} in capture ${captureId}.`, { param: 'delivery_id', code: 'delivery_not_found' });
  return Response.json(toSnakeCase(result), { headers: NO_STORE });
});
