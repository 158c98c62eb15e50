// The jobs routes' bodies: parse input, call one jobs function, answer JSON or the error envelope.
import 'server-only';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { GatewayError } from '@/lib/gateway';
import { cancelJob, trackResponse, type ActionResult } from './actions';
import { errorResponse, parseJsonBody, withErrorEnvelope } from './api-error';
import { defaultGateway } from './gateway-client';
import { jobListQuerySchema, trackJobBodySchema } from './schemas';
import { getJobDetail, listJobSummaries, type ViewClock } from './views';

function clock(): ViewClock {
  return { now: new Date(), stallAfterMs: getEnv().JOB_STALL_AFTER_MS };
}

async function detailResponse(responseId: string, status = 200): Promise<Response> {
  const detail = await getJobDetail(await getDb(), responseId, clock());
  if (!detail) return errorResponse(404, `No job for response ${responseId}.`, { param: 'id', code: 'job_not_found' });
  return Response.json(detail, { status, headers: { 'Cache-Control': 'no-store' } });
}

async function answerAction(responseId: string, result: ActionResult): Promise<Response> {
  switch (result.kind) {
    case 'ok':
      return detailResponse(responseId, result.httpStatus);
    case 'not-a-job':
      return errorResponse(404, `No job for response ${responseId}.`, { param: 'id', code: 'job_not_found' });
    case 'not-cancellable':
      return errorResponse(400, `The job is already ${result.status}; only queued or in_progress jobs can be cancelled.`, { code: 'not_cancellable' });
    case 'upstream':
      return typeof result.reply.body === 'object' && result.reply.body !== null
        ? Response.json(result.reply.body, { status: result.reply.httpStatus })
        : errorResponse(result.reply.httpStatus >= 400 ? result.reply.httpStatus : 502, `The gateway answered ${result.reply.httpStatus}.`, { code: 'upstream_error' });
  }
}

async function callUpstream(run: () => Promise<ActionResult>): Promise<ActionResult | Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayError) return error.toResponse();
    throw error;
  }
}

export function handleListJobs(request: Request): Promise<Response> {
  return withErrorEnvelope('GET /api/jobs', async () => {
    const params = new URL(request.url).searchParams;
    const parsed = jobListQuerySchema.safeParse({ status: params.get('status') || undefined, q: params.get('q') || undefined });
    if (!parsed.success) {
      const param = parsed.error.issues[0]?.path.map(String).join('.') ?? null;
      return errorResponse(400, `${param}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, { param, code: 'invalid_value' });
    }
    const data = await listJobSummaries(await getDb(), parsed.data, clock());
    return Response.json({ data, stallAfterMs: getEnv().JOB_STALL_AFTER_MS }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function handleGetJob(responseId: string): Promise<Response> {
  return withErrorEnvelope('GET /api/jobs/{id}', () => detailResponse(responseId));
}

export function handleTrackJob(request: Request): Promise<Response> {
  return withErrorEnvelope('POST /api/jobs', async () => {
    const parsed = await parseJsonBody(request, trackJobBodySchema);
    if ('response' in parsed) return parsed.response;
    const { responseId, onBehalfOf } = parsed.data;
    const db = await getDb();
    const result = await callUpstream(() => trackResponse(db, defaultGateway, responseId, onBehalfOf ?? null));
    return result instanceof Response ? result : answerAction(responseId, result);
  });
}

export function handleCancelJob(responseId: string): Promise<Response> {
  return withErrorEnvelope('POST /api/jobs/{id}/cancel', async () => {
    const db = await getDb();
    const result = await callUpstream(() => cancelJob(db, defaultGateway, responseId));
    return result instanceof Response ? result : answerAction(responseId, result);
  });
}
