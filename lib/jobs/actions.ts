// Jobs a person starts: track a response created elsewhere by its id, and cancel a queued or in_progress job.
import 'server-only';
import type { Db } from '@/lib/db/open';
import { ownershipOf, SHARED_VIEWER, type Viewer } from '@/lib/db/owner';
import { applyRecordedStatus, applyResponseStatus } from './apply-status';
import { readResponseObject } from './gateway-reply';
import type { GatewayReply, ResponseGateway } from './ports';
import { isTerminalStatus } from '@/lib/schema/constants';
import { createJob, getJob } from './store';

export type ActionResult =
  | { kind: 'ok'; httpStatus: number }
  | { kind: 'not-a-job' }
  | { kind: 'not-yours' }
  | { kind: 'not-cancellable'; status: string }
  | { kind: 'upstream'; reply: GatewayReply };

/**
 * Fetches the response through the gateway as the given user and records its status (job, history, chain index); an
 * upstream error (404 included) is handed back as is. A job another user already tracks privately is not theirs to
 * see: it answers as unknown.
 */
export async function trackResponse(db: Db, gateway: ResponseGateway, responseId: string, onBehalfOf: string | null, viewer: Viewer = SHARED_VIEWER): Promise<ActionResult> {
  if ((await getJob(db, responseId)) && !(await getJob(db, responseId, viewer))) return { kind: 'not-a-job' };
  const reply = await gateway.retrieve(responseId, onBehalfOf);
  const object = reply.httpStatus < 300 ? readResponseObject(reply.body) : null;
  if (!object) return { kind: 'upstream', reply };
  const isCreated = await createJob(db, { responseId, ownerId: viewer.ownerId, model: object.model, status: object.status, onBehalfOf, origin: 'tracked' }, 'poll');
  await applyRecordedStatus(db, responseId, object.status);
  return { kind: 'ok', httpStatus: isCreated ? 201 : 200 };
}

/** Cancels a queued or in_progress job: its owner's (a job shared by another is read-only, 403; a private one unknown, 404). */
export async function cancelJob(db: Db, gateway: ResponseGateway, responseId: string, viewer: Viewer = SHARED_VIEWER): Promise<ActionResult> {
  const job = await getJob(db, responseId, viewer);
  if (!job) return { kind: 'not-a-job' };
  if (!ownershipOf(job, viewer).isChangeable) return { kind: 'not-yours' };
  if (isTerminalStatus(job.status)) return { kind: 'not-cancellable', status: job.status };
  const reply = await gateway.cancel(responseId, job.onBehalfOf);
  const object = reply.httpStatus < 300 ? readResponseObject(reply.body) : null;
  if (!object) return { kind: 'upstream', reply };
  await applyResponseStatus(db, responseId, object.status, 'cancel');
  return { kind: 'ok', httpStatus: 200 };
}
