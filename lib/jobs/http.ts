// The jobs routes' bodies: parse input, call one jobs function, answer JSON; failures are thrown and answered by withRoute. The routes pass the ports (lib/job-ports.ts).
import 'server-only';
import { readOwnerView, requireActor, requireViewer } from '@/lib/auth/current-actor';
import { viewerOf } from '@/lib/auth/identity';
import type { Viewer } from '@/lib/db/owner';
import { applyOnBehalfOfPolicy } from '@/lib/auth/on-behalf-of-policy';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { ApiError, parseOrThrow, requireResponseId, shareBodySchema } from '@/lib/schema';
import { cancelJob, trackResponse, type ActionResult } from './actions';
import type { JobPorts, ListJobDeliveries } from './ports';
import { jobListQuerySchema, trackJobBodySchema } from './schemas';
import { setJobShared } from './store';
import { getJobDetail, listJobSummaries, type ViewClock } from './views';

function clock(viewer: Viewer): ViewClock {
  return { now: new Date(), stallAfterMs: getEnv().JOB_STALL_AFTER_MS, viewer };
}

function jobNotFound(responseId: string): ApiError {
  return new ApiError(404, `No job for response ${responseId}.`, { param: 'id', code: 'job_not_found' });
}

async function detailResponse(responseId: string, listDeliveries: ListJobDeliveries, viewer: Viewer, status = 200): Promise<Response> {
  const detail = await getJobDetail(await getDb(), responseId, clock(viewer), listDeliveries);
  if (!detail) throw jobNotFound(responseId);
  return Response.json(toSnakeCase(detail), { status, headers: { 'Cache-Control': 'no-store' } });
}

/** An action's outcome as a reply; a gateway refusal (its status and envelope) is passed through unchanged. */
async function answerAction(responseId: string, result: ActionResult, ports: JobPorts, viewer: Viewer): Promise<Response> {
  switch (result.kind) {
    case 'ok':
      return detailResponse(responseId, ports.listDeliveries, viewer, result.httpStatus);
    case 'not-a-job':
      throw jobNotFound(responseId);
    case 'not-yours':
      throw new ApiError(403, 'This job was shared with you; only the person who made it may cancel it.', { type: 'permission_error', param: 'id', code: 'not_owner' });
    case 'not-cancellable':
      throw new ApiError(400, `The job is already ${result.status}; only queued or in_progress jobs can be cancelled.`, { code: 'not_cancellable' });
    case 'upstream':
      if (typeof result.reply.body === 'object' && result.reply.body !== null) return Response.json(result.reply.body, { status: result.reply.httpStatus });
      throw new ApiError(result.reply.httpStatus >= 400 ? result.reply.httpStatus : 502, `The gateway answered ${result.reply.httpStatus}.`, { code: 'upstream_error' });
  }
}

export const handleListJobs = withRoute('GET /api/jobs', async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const query = parseOrThrow(jobListQuerySchema, { status: params.get('status') || undefined, q: params.get('q') || undefined });
  const data = await listJobSummaries(await getDb(), { ...query, view: readOwnerView(request) }, clock(await requireViewer(request)));
  return Response.json(toSnakeCase({ data, stallAfterMs: getEnv().JOB_STALL_AFTER_MS }), { headers: { 'Cache-Control': 'no-store' } });
});

export const handleGetJob = withRoute('GET /api/jobs/{id}', async (request: Request, rawId: string, ports: JobPorts) =>
  detailResponse(requireResponseId(rawId), ports.listDeliveries, await requireViewer(request)),
);

/** PATCH /api/jobs/{id} {"shared": …}: its owner shares it with the team, or stops; anyone else's is a 404. */
export const handleShareJob = withRoute('PATCH /api/jobs/{id}', async (request: Request, rawId: string, ports: JobPorts) => {
  const responseId = requireResponseId(rawId);
  const { shared } = await readJsonBody(request, shareBodySchema);
  const viewer = await requireViewer(request);
  if (!(await setJobShared(await getDb(), responseId, shared, viewer))) throw jobNotFound(responseId);
  return detailResponse(responseId, ports.listDeliveries, viewer);
});

export const handleTrackJob = withRoute('POST /api/jobs', async (request: Request, ports: JobPorts) => {
  const body = await readJsonBody(request, trackJobBodySchema);
  const actor = await requireActor(request);
  const viewer = viewerOf(actor);
  const onBehalfOf = applyOnBehalfOfPolicy(getEnv(), actor, body.on_behalf_of ?? null, 'on_behalf_of');
  const result = await trackResponse(await getDb(), ports.gatewayFor(actor), body.response_id, onBehalfOf, viewer);
  return answerAction(body.response_id, result, ports, viewer);
});

export const handleCancelJob = withRoute('POST /api/jobs/{id}/cancel', async (request: Request, rawId: string, ports: JobPorts) => {
  const responseId = requireResponseId(rawId);
  const actor = await requireActor(request);
  const result = await cancelJob(await getDb(), ports.gatewayFor(actor), responseId, viewerOf(actor));
  return answerAction(responseId, result, ports, viewerOf(actor));
});
