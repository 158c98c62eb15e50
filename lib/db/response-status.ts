// Response statuses in stored records only move forward: queued, then in progress, then a terminal status that never changes.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TERMINAL_STATUSES } from '@/lib/schema/constants';
import { jobs } from './schema';
import { encodeText } from './text-codec';

const TERMINAL_LIST = sql.join(TERMINAL_STATUSES.map((status) => sql.raw(`'${status}'`)), sql`, `);

/** 0 queued, 1 in progress (or a status this app does not know), 2 terminal (TERMINAL_STATUSES). */
function rankOf(status: AnyColumn | SQL): SQL<number> {
  return sql<number>`(case when ${status} in (${TERMINAL_LIST}) then 2 when ${status} = 'queued' then 0 else 1 end)`;
}

/** True when `next` may replace the stored status: none yet, or `next` is further along (a terminal status is kept). */
export function isStatusAdvance(current: AnyColumn, next: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`(${current} is null or ${rankOf(next)} > ${rankOf(current)})`;
}

/** The status an upsert keeps: the incoming one when it is an advance, else the stored one. */
export function advancedStatus(current: AnyColumn, next: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(case when ${next} is not null and ${isStatusAdvance(current, next)} then ${next} else ${current} end)`;
}

/** 0 queued, 1 in progress (or unknown), 2 terminal: the order statuses may move in. */
export function rankStatus(status: string): number {
  return (TERMINAL_STATUSES as readonly string[]).includes(status) ? 2 : status === 'queued' ? 0 : 1;
}

/**
 * Several later statuses, one per id: the one that applying them all in order would leave (the furthest along, the
 * first of those), so one statement can apply a batch where the same response may appear more than once.
 */
export function pickFurthestStatuses(updates: ReadonlyArray<{ id: string; status: string }>): Map<string, string> {
  const picked = new Map<string, string>();
  for (const { id, status } of updates) {
    const current = picked.get(id);
    if (current === undefined || rankStatus(status) > rankStatus(current)) picked.set(id, status);
  }
  return picked;
}

/**
 * The status a new history or chain-index row of a response is written with: `status`, or its job's when that is further
 * along. A cancel, poll or webhook can reach a background run before its create's rows are written (the job row comes
 * first, before the browser hears of the response, and every later status goes to the job before those rows): an update
 * that found no row is then still in the job, and the insert takes it. FOR SHARE orders the insert with a job update in
 * flight on PostgreSQL: the insert waits for it to commit and reads its status, or the job update waits for the insert,
 * and then the row update that follows it finds the row.
 */
export function withJobStatus(responseId: string | null, status: string | null): SQL<string | null> {
  const incoming = sql<string | null>`${status === null ? null : encodeText(status)}::text`;
  if (responseId === null) return incoming;
  return sql<string | null>`coalesce((select case when ${incoming} is null or ${rankOf(jobs.status)} > ${rankOf(incoming)} then ${jobs.status} else ${incoming} end
    from ${jobs} where ${jobs.responseId} = ${encodeText(responseId)} for share), ${incoming})`;
}
