// Response statuses in stored records only move forward: queued, then in progress, then a terminal status that never changes.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TERMINAL_STATUSES } from '@/lib/schema/constants';

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
