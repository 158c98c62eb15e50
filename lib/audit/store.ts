// The audit log in the database: batched inserts, filtered pages newest first, and the retention purge.
import 'server-only';
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { ilikeText } from '@/lib/db/columns';
import type { Db } from '@/lib/db/open';
import { auditLog } from '@/lib/db/schema';
import type { AuditEntry, AuditQuery } from './entry';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditEntries(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((entry) => ({ ...entry, requestBody: entry.requestBody ?? null })));
}

function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function conditionsOf(query: Omit<AuditQuery, 'limit'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilikeText(auditLog.actor, contains(query.actor)));
  if (query.path) conditions.push(ilikeText(auditLog.path, contains(query.path)));
  if (query.model) conditions.push(ilikeText(auditLog.model, contains(query.model)));
  if (query.on_behalf_of) conditions.push(eq(auditLog.onBehalfOf, query.on_behalf_of));
  if (query.response_id) conditions.push(eq(auditLog.responseId, query.response_id));
  if (query.status) {
    const hundreds = Number(query.status[0]) * 100;
    conditions.push(query.status.endsWith('xx') ? and(gte(auditLog.status, hundreds), lt(auditLog.status, hundreds + 100)) ?? sql`true` : eq(auditLog.status, Number(query.status)));
  }
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)));
  if (query.before) conditions.push(lt(auditLog.id, query.before));
  return conditions;
}

/** One page of entries matching the filters, newest first. */
export async function searchAudit(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  const conditions = conditionsOf(query);
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

/** Deletes entries older than `keepDays`; returns how many. */
export async function purgeAudit(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const removed = await db
    .delete(auditLog)
    .where(lt(auditLog.at, new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000)))
    .returning({ id: auditLog.id });
  return removed.length;
}
