// The webhook routes' bodies: create and list captures, receive, set the scripted answer, list and replay deliveries.
import 'server-only';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { internalOrigin, publicOrigin } from '@/lib/env-schema';
import { errorResponse, parseJsonBody, withErrorEnvelope } from '@/lib/jobs/api-error';
import { createCapture, describeCapture, listCaptures, updateCaptureAnswer } from './captures';
import { listCaptureDeliveries, listUnmatchedDeliveries, toDeliveryView } from './deliveries';
import { receiveDelivery } from './receive';
import { replayDelivery } from './replay';
import { checkReplayTarget } from './replay-target';
import { captureAnswerSchema, replayBodySchema } from './schemas';

const NO_STORE = { 'Cache-Control': 'no-store' };

function captureNotFound(captureId: string): Response {
  return errorResponse(404, `No webhook capture ${captureId}.`, { param: 'captureId', code: 'capture_not_found' });
}

export function handleCreateCapture(): Promise<Response> {
  return withErrorEnvelope('POST /api/webhooks', async () => {
    const capture = await createCapture(await getDb(), publicOrigin(getEnv()));
    return Response.json(capture, { status: 201, headers: NO_STORE });
  });
}

export function handleListCaptures(): Promise<Response> {
  return withErrorEnvelope('GET /api/webhooks', async () => {
    const db = await getDb();
    const captures = await listCaptures(db, publicOrigin(getEnv()));
    const unmatched = (await listUnmatchedDeliveries(db)).map(toDeliveryView);
    return Response.json({ captures, unmatched }, { headers: NO_STORE });
  });
}

export function handleReceive(captureId: string, request: Request): Promise<Response> {
  return withErrorEnvelope('POST /api/webhooks/{id}', async () => receiveDelivery(await getDb(), captureId, request));
}

export function handleGetCapture(captureId: string): Promise<Response> {
  return withErrorEnvelope('GET /api/webhooks/{id}', async () => {
    const db = await getDb();
    const capture = await describeCapture(db, captureId, publicOrigin(getEnv()));
    if (!capture) return captureNotFound(captureId);
    const deliveries = (await listCaptureDeliveries(db, captureId)).map(toDeliveryView);
    return Response.json({ capture, deliveries }, { headers: NO_STORE });
  });
}

export function handlePatchCapture(captureId: string, request: Request): Promise<Response> {
  return withErrorEnvelope('PATCH /api/webhooks/{id}', async () => {
    const parsed = await parseJsonBody(request, captureAnswerSchema);
    if ('response' in parsed) return parsed.response;
    const db = await getDb();
    const updated = await updateCaptureAnswer(db, captureId, parsed.data);
    if (!updated) return captureNotFound(captureId);
    return Response.json(await describeCapture(db, captureId, publicOrigin(getEnv())), { headers: NO_STORE });
  });
}

export function handleReplay(captureId: string, deliveryId: string, request: Request): Promise<Response> {
  return withErrorEnvelope('POST /api/webhooks/{id}/deliveries/{deliveryId}/replay', async () => {
    const parsed = await parseJsonBody(request, replayBodySchema);
    if ('response' in parsed) return parsed.response;
    const env = getEnv();
    let target = new URL(`${internalOrigin(env)}/api/webhooks/${encodeURIComponent(captureId)}`);
    if (parsed.data.target !== undefined) {
      const check = checkReplayTarget(parsed.data.target, publicOrigin(env));
      if (!check.isAllowed) return errorResponse(400, `target: ${check.message}.`, { param: 'target', code: 'target_not_allowed' });
      target = check.url;
    }
    const id = Number(deliveryId);
    const result = Number.isSafeInteger(id) ? await replayDelivery(await getDb(), captureId, id, target) : null;
    if (!result) return errorResponse(404, `No delivery ${deliveryId} in capture ${captureId}.`, { param: 'deliveryId', code: 'delivery_not_found' });
    return Response.json(result, { headers: NO_STORE });
  });
}
