// Jobs in the database: create, apply a status change with its source (history only on change), list, and schedule polls.
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, lte, min, notInArray, type SQL } from 'drizzle-orm';
import { ilikeText } from '@/lib/db/columns';
import type { Db } from '@/lib/db/open';
import { changeableBy, SHARED_VIEWER, visibleTo, withOwner, type OwnerView, type Viewer } from '@/lib/db/owner';
import { publishLiveEvent } from '@/lib/instances/events';
import { jobStatusHistory, jobs, webhookDeliveries } from '@/lib/db/schema';
import { TERMINAL_STATUSES, isTerminalStatus } from '@/lib/schema/constants';
import { signalJobChange } from './changes';
import { POLL_FIRST_DELAY_MS, shouldApplyStatus, type StatusEntry } from './status';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatusSource = 'create' | 'poll' | 'stream' | 'webhook' | 'cancel';

export interface NewJob {
  /** Who made or tracked it (null without personal sign-in). */
  ownerId?: string | null;
  responseId: string;
  model: string | null;
  status: string;
  onBehalfOf: string | null;
  origin?: 'playground' | 'tracked';
}

function firstPollAt(status: string, now: Date): Date | null {
  return isTerminalStatus(status) ? null : new Date(now.getTime() + POLL_FIRST_DELAY_MS);
}

/**
 * Inserts the job with its first history entry; an existing job only takes the status forward. Returns true when created.
 * The gateway may send its first webhook before the proxy records the job: the request was submitted no later than that.
 */
export async function createJob(db: Db, job: NewJob, source: JobStatusSource, recordedAt = new Date()): Promise<boolean> {
  const [earliest] = await db
    .select({ at: min(webhookDeliveries.receivedAt) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.responseId, job.responseId));
  const firstSeen = earliest?.at ? new Date(earliest.at) : null;
  const now = firstSeen && firstSeen < recordedAt ? firstSeen : recordedAt;
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobs)
      .values({
        responseId: job.responseId,
        ownerId: job.ownerId ?? null,
        model: job.model,
        onBehalfOf: job.onBehalfOf,
        status: job.status,
        origin: job.origin ?? 'playground',
        nextPollAt: firstPollAt(job.status, now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ responseId: jobs.responseId });
    if (inserted.length === 0) return false;
    await tx.insert(jobStatusHistory).values({ responseId: job.responseId, status: job.status, source, at: now });
    return true;
  });
  if (!created) {
    await applyJobStatus(db, job.responseId, job.status, source, now);
    return false;
  }
  signalJobChange();
  publishLiveEvent({ type: 'job.status', response_id: job.responseId, status: job.status, owner_id: job.ownerId ?? null, shared: false });
  return true;
}

/** Moves a job to a new status and records where it was learned; false when unknown, unchanged, or a step backwards. */
export async function applyJobStatus(db: Db, responseId: string, status: string, source: JobStatusSource, now = new Date()): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status, ownerId: jobs.ownerId, shared: jobs.shared }).from(jobs).where(eq(jobs.responseId, responseId));
    if (!job || !shouldApplyStatus(job.status, status)) return null;
    const updated = await tx
      .update(jobs)
      .set({ status, updatedAt: now, pollAttempts: 0, nextPollAt: firstPollAt(status, now) })
      .where(and(eq(jobs.responseId, responseId), eq(jobs.status, job.status)))
      .returning({ responseId: jobs.responseId });
    if (updated.length === 0) return null;
    await tx.insert(jobStatusHistory).values({ responseId, status, source, at: now });
    return job;
  });
  if (!changed) return false;
  // The job's next poll moved: the refresher (here, or on the leading instance through the live event) takes the new time.
  signalJobChange();
  publishLiveEvent({ type: 'job.status', response_id: responseId, status, owner_id: changed.ownerId, shared: changed.shared });
  return true;
}

export interface JobFilter {
  status?: string;
  q?: string;
  limit?: number;
  viewer?: Viewer;
  view?: OwnerView;
}

export async function listJobs(db: Db, filter: JobFilter = {}): Promise<JobRow[]> {
  const conditions: SQL[] = [];
  const owner = visibleTo(jobs, filter.viewer ?? SHARED_VIEWER, filter.view ?? 'all');
  if (owner) conditions.push(owner);
  if (filter.status) conditions.push(eq(jobs.status, filter.status));
  if (filter.q) conditions.push(ilikeText(jobs.responseId, `%${filter.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  return db
    .select()
    .from(jobs)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(jobs.createdAt))
    .limit(filter.limit ?? 200);
}

/** A job by its response id; with a viewer, only one they may see (another user's private job reads as none: a 404). */
export async function getJob(db: Db, responseId: string, viewer: Viewer = SHARED_VIEWER): Promise<JobRow | null> {
  const [job] = await db.select().from(jobs).where(withOwner(eq(jobs.responseId, responseId), visibleTo(jobs, viewer)));
  return job ?? null;
}

/** Shares a job with the team (or stops); null when `viewer` may not change it. */
export async function setJobShared(db: Db, responseId: string, shared: boolean, viewer: Viewer): Promise<JobRow | null> {
  const [job] = await db.update(jobs).set({ shared }).where(withOwner(eq(jobs.responseId, responseId), changeableBy(jobs, viewer))).returning();
  return job ?? null;
}

export async function listHistory(db: Db, responseIds: string[]): Promise<Map<string, StatusEntry[]>> {
  const byJob = new Map<string, StatusEntry[]>();
  if (responseIds.length === 0) return byJob;
  const rows = await db
    .select()
    .from(jobStatusHistory)
    .where(inArray(jobStatusHistory.responseId, responseIds))
    .orderBy(asc(jobStatusHistory.at), asc(jobStatusHistory.id));
  for (const row of rows) {
    const list = byJob.get(row.responseId) ?? [];
    list.push({ status: row.status, source: row.source, at: row.at });
    byJob.set(row.responseId, list);
  }
  return byJob;
}

export async function listDueJobs(db: Db, now: Date, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(notInArray(jobs.status, [...TERMINAL_STATUSES]), isNotNull(jobs.nextPollAt), lte(jobs.nextPollAt, now)))
    .orderBy(asc(jobs.nextPollAt))
    .limit(limit);
}

/** When the earliest open job is due for a poll (null: none is polled, so the refresher has nothing to wait for). */
export async function nextPollDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(jobs.nextPollAt) })
    .from(jobs)
    .where(and(notInArray(jobs.status, [...TERMINAL_STATUSES]), isNotNull(jobs.nextPollAt)));
  return row?.at ? new Date(row.at) : null;
}

/** Takes a due job for this process by moving its next poll past a lease; false when another process took it first. */
export async function claimJob(db: Db, job: JobRow, leaseUntil: Date): Promise<boolean> {
  if (!job.nextPollAt) return false;
  const claimed = await db
    .update(jobs)
    .set({ nextPollAt: leaseUntil })
    .where(and(eq(jobs.responseId, job.responseId), eq(jobs.nextPollAt, job.nextPollAt)))
    .returning({ responseId: jobs.responseId });
  return claimed.length > 0;
}

export async function schedulePoll(db: Db, responseId: string, update: { pollAttempts: number; nextPollAt: Date | null; lastError: string | null }) {
  await db.update(jobs).set(update).where(eq(jobs.responseId, responseId));
}

/** After a restart every job still running is polled at once, whatever backoff it had reached. */
export async function resumeOpenJobs(db: Db, now = new Date()): Promise<number> {
  const resumed = await db
    .update(jobs)
    .set({ nextPollAt: now, pollAttempts: 0 })
    .where(and(notInArray(jobs.status, [...TERMINAL_STATUSES]), isNotNull(jobs.nextPollAt)))
    .returning({ responseId: jobs.responseId });
  return resumed.length;
}
