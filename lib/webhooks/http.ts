// The webhook routes' bodies: create and list captures, receive, set the scripted answer, list and replay deliveries (failures thrown, answered by withRoute).
import 'server-only';
import { readOwnerView, requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import type { Viewer } from '@/lib/db/owner';
import { getEnv } from '@/lib/env';
import { internalOrigin, publicOrigin, type Env } from '@/lib/env-schema';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { ApiError } from '@/lib/schema';
import { captureUrl, createCapture, describeCapture, listCaptures, updateCapture } from './captures';
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

function notYours(captureId: string): ApiError {
  return new ApiError(403, `Webhook capture ${captureId} was shared with you; only the person who made it may change it or replay its deliveries.`, {
    type: 'permission_error',
    param: 'capture_id',
    code: 'not_owner',
  });
}

/** The capture `viewer` may see (404 otherwise), and with `toChange` one they may also change (403 for one shared with them). */
async function requireCapture(captureId: string, viewer: Viewer, toChange = false) {
  const env = getEnv();
  const capture = await describeCapture(await getDb(), captureId, publicOrigin(env), captureCaps(env), viewer);
  if (!capture) throw captureNotFound(captureId);
  if (toChange && !capture.isChangeable) throw notYours(captureId);
  return capture;
}

export const handleCreateCapture = withRoute('POST /api/webhooks', async (request: Request) => {
  const capture = await createCapture(await getDb(), publicOrigin(getEnv()), await requireViewer(request));
  return Response.json(toSnakeCase(capture), { status: 201, headers: NO_STORE });
});

export const handleListCaptures = withRoute('GET /api/webhooks', async (request: Request) => {
  const db = await getDb();
  const env = getEnv();
  const viewer = await requireViewer(request);
  const captures = await listCaptures(db, publicOrigin(env), captureCaps(env), viewer, readOwnerView(request));
  const unmatched = (await listUnmatchedDeliveries(db, 100, viewer)).map(toDeliveryView);
  return Response.json(toSnakeCase({ captures, unmatched }), { headers: NO_STORE });
});

export const handleReceive = withRoute('POST /api/webhooks/{id}', async (captureId: string, request: Request) => receiveDelivery(await getDb(), captureId, request, { caps: captureCaps(getEnv()) }));

export const handleGetCapture = withRoute('GET /api/webhooks/{id}', async (captureId: string, request: Request) => {
  const capture = await requireCapture(captureId, await requireViewer(request));
  const deliveries = (await listCaptureDeliveries(await getDb(), captureId)).map(toDeliveryView);
  return Response.json(toSnakeCase({ capture, deliveries }), { headers: NO_STORE });
});

export const handlePatchCapture = withRoute('PATCH /api/webhooks/{id}', async (captureId: string, request: Request) => {
  const change = await readJsonBody(request, captureAnswerSchema);
  const viewer = await requireViewer(request);
  await requireCapture(captureId, viewer, true);
  const updated = await updateCapture(await getDb(), captureId, { answerStatus: change.answer_status, answerDelayMs: change.answer_delay_ms, shared: change.shared }, viewer);
  if (!updated) throw captureNotFound(captureId);
  return Response.json(toSnakeCase(await requireCapture(captureId, viewer)), { headers: NO_STORE });
});

export const handleReplay = withRoute('POST /api/webhooks/{id}/deliveries/{deliveryId}/replay', async (captureId: string, deliveryId: string, request: Request) => {
  const body = await readJsonBody(request, replayBodySchema);
  await requireCapture(captureId, await requireViewer(request), true);
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
