// One refresh pass: poll each due job at the gateway, record a changed status (source poll) in the job, the history and the chain index, back off 1 s doubling to 30 s.
import 'server-only';
import type { Db } from '@/lib/db/open';
import { applyResponseStatus } from './apply-status';
import { readResponseObject } from './gateway-reply';
import type { ResponseGateway } from './ports';
import { isTerminalStatus } from '@/lib/schema/constants';
import { nextPollDelayMs } from './status';
import { claimJob, listDueJobs, schedulePoll, type JobRow } from './store';

const CLAIM_LEASE_MS = 60_000;

export interface RefreshOutcome {
  polled: number;
  changed: number;
}

async function refreshJob(db: Db, gateway: ResponseGateway, job: JobRow, now: Date): Promise<boolean> {
  const attempts = job.pollAttempts + 1;
  const backoff = (lastError: string | null) =>
    schedulePoll(db, job.responseId, { pollAttempts: attempts, nextPollAt: new Date(Date.now() + nextPollDelayMs(attempts)), lastError });
  let reply;
  try {
    reply = await gateway.retrieve(job.responseId, job.onBehalfOf);
  } catch (error) {
    await backoff(`gateway unreachable: ${(error as Error).message.slice(0, 200)}`);
    return false;
  }
  if (reply.httpStatus === 404) {
    await schedulePoll(db, job.responseId, {
      pollAttempts: attempts,
      nextPollAt: null,
      lastError: 'The gateway answered 404 (unknown, expired or deleted response, or another user): polling stopped.',
    });
    return false;
  }
  const object = reply.httpStatus < 300 ? readResponseObject(reply.body) : null;
  if (!object) {
    await backoff(`The gateway answered ${reply.httpStatus}${reply.httpStatus < 300 ? ' without a response status' : ''}.`);
    return false;
  }
  const changed = await applyResponseStatus(db, job.responseId, object.status, 'poll', now);
  if (isTerminalStatus(object.status)) {
    await schedulePoll(db, job.responseId, { pollAttempts: attempts, nextPollAt: null, lastError: null });
  } else {
    const nextAttempts = changed ? 0 : attempts;
    await schedulePoll(db, job.responseId, { pollAttempts: nextAttempts, nextPollAt: new Date(Date.now() + nextPollDelayMs(nextAttempts)), lastError: null });
  }
  return changed;
}

export async function refreshDueJobs(db: Db, gateway: ResponseGateway, now = new Date(), limit = 20): Promise<RefreshOutcome> {
  const due = await listDueJobs(db, now, limit);
  const claimed: JobRow[] = [];
  for (const job of due) if (await claimJob(db, job, new Date(now.getTime() + CLAIM_LEASE_MS))) claimed.push(job);
  const results = await Promise.allSettled(claimed.map((job) => refreshJob(db, gateway, job, now)));
  return { polled: claimed.length, changed: results.filter((result) => result.status === 'fulfilled' && result.value).length };
}
