// What the jobs API returns: job summaries (time per state, stall flag) and one job's history, deliveries and timeline.
import 'server-only';
import type { Db } from '@/lib/db/open';
import { ownershipOf, SHARED_VIEWER, type Ownership, type Viewer } from '@/lib/db/owner';
import type { SnakeCased } from '@/lib/http/snake-case';
import { isTerminalStatus } from '@/lib/schema/constants';
import type { JobDelivery, ListJobDeliveries } from './ports';
import { computeStateDurations, detectStall, findPollOverdue, type StallFlag, type StateDuration, type StatusEntry } from './status';
import { getJob, listHistory, listJobs, type JobFilter, type JobRow } from './store';
import { buildTimeline, type TimelineEntry } from './timeline';

export interface JobSummary extends Ownership {
  id: string;
  model: string | null;
  onBehalfOf: string | null;
  status: string;
  origin: string;
  createdAt: string;
  updatedAt: string;
  lastError: string | null;
  isTerminal: boolean;
  isPolling: boolean;
  /** When its overdue poll fell due: no server has checked the job since, so its status may be stale (null: it is current). */
  pollOverdueSince: string | null;
  stall: StallFlag | null;
  durations: StateDuration[];
}

/** One job; `D` is the deliveries reader's own view of a delivery (lib/webhooks' `DeliveryView` in the app). */
export interface JobDetail<D extends JobDelivery = JobDelivery> {
  job: JobSummary;
  history: { status: string; source: string; at: string }[];
  deliveries: D[];
  timeline: TimelineEntry[];
}

/** GET /api/jobs and GET /api/jobs/{id} as the browser reads them (snake_case). */
export type JobSummaryReply = SnakeCased<JobSummary>;
export type JobDetailReply<D extends JobDelivery = JobDelivery> = SnakeCased<JobDetail<D>>;
export type JobListReply = SnakeCased<{ data: JobSummary[]; stallAfterMs: number }>;

export interface ViewClock {
  now: Date;
  stallAfterMs: number;
  /** Whose jobs: another user's private job is not shown (everything when absent: no personal sign-in). */
  viewer?: Viewer;
}

function toSummary(job: JobRow, history: StatusEntry[], clock: ViewClock): JobSummary {
  return {
    ...ownershipOf(job, clock.viewer ?? SHARED_VIEWER),
    id: job.responseId,
    model: job.model,
    onBehalfOf: job.onBehalfOf,
    status: job.status,
    origin: job.origin,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    lastError: job.lastError,
    isTerminal: isTerminalStatus(job.status),
    isPolling: job.nextPollAt !== null,
    pollOverdueSince: findPollOverdue(job.status, job.nextPollAt, clock.now),
    stall: detectStall(job.status, history, job.createdAt, clock.now, clock.stallAfterMs),
    durations: computeStateDurations(history, clock.now),
  };
}

export async function listJobSummaries(db: Db, filter: JobFilter, clock: ViewClock): Promise<JobSummary[]> {
  const rows = await listJobs(db, { ...filter, viewer: clock.viewer ?? SHARED_VIEWER });
  const history = await listHistory(db, rows.map((row) => row.responseId));
  return rows.map((row) => toSummary(row, history.get(row.responseId) ?? [], clock));
}

export async function getJobDetail<D extends JobDelivery>(db: Db, responseId: string, clock: ViewClock, listDeliveries: ListJobDeliveries<D>): Promise<JobDetail<D> | null> {
  const job = await getJob(db, responseId, clock.viewer ?? SHARED_VIEWER);
  if (!job) return null;
  const history = (await listHistory(db, [responseId])).get(responseId) ?? [];
  const deliveries = await listDeliveries(db, responseId);
  const timeline = buildTimeline(
    job.createdAt,
    history,
    deliveries.map((delivery) => ({ ...delivery, receivedAt: new Date(delivery.receivedAt) })),
  );
  return {
    job: toSummary(job, history, clock),
    history: history.map((entry) => ({ status: entry.status, source: entry.source, at: entry.at.toISOString() })),
    deliveries,
    timeline,
  };
}
