// The audit log's table on PGlite and PostgreSQL: filters (user, path, status class, time, paging) and AUDIT_KEEP_DAYS retention.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/lib/audit/entry';
import { auditQuerySchema } from '@/lib/audit/entry';
import { insertAuditEntries, purgeAudit, searchAudit } from '@/lib/audit/store';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2025-06-30T12:00:00Z');

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    at: now,
    userId: 'sub-bo',
    actor: 'bo@team.example',
    method: 'POST',
    path: '/responses',
    model: 'local-agent',
    onBehalfOf: 'bo@team.example',
    responseId: null,
    status: 200,
    durationMs: 12,
    errorCode: null,
    requestBody: null,
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('audit store on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeAll(async () => {
    await insertAuditEntries(database(), [
      entry({ at: new Date(now.getTime() - 40 * DAY_MS), responseId: 'resp_old' }),
      entry({ at: new Date(now.getTime() - 2 * DAY_MS), responseId: 'resp_a', actor: 'ana@team.example', userId: 'sub-ana' }),
      entry({ at: new Date(now.getTime() - DAY_MS), method: 'GET', path: '/responses/resp_b', responseId: 'resp_b', status: 404, model: null }),
      entry({ at: now, path: '/responses', responseId: 'resp_c', status: 502, errorCode: 'gateway_unreachable', requestBody: { input: 'nul \u0000 kept' } }),
    ]);
  });

  const search = (query: Record<string, string>) => searchAudit(database(), auditQuerySchema.parse(query));

  it('filters by user, path, status or status class and time, newest first', async () => {
    expect((await search({})).map((row) => row.responseId)).toEqual(['resp_c', 'resp_b', 'resp_a', 'resp_old']);
    expect((await search({ actor: 'ANA@' })).map((row) => row.responseId)).toEqual(['resp_a']);
    expect((await search({ status: '4xx' })).map((row) => row.responseId)).toEqual(['resp_b']);
    expect((await search({ status: '502' })).map((row) => row.errorCode)).toEqual(['gateway_unreachable']);
    expect((await search({ path: 'resp_b' })).map((row) => row.method)).toEqual(['GET']);
    expect((await search({ from: new Date(now.getTime() - 3 * DAY_MS).toISOString(), to: new Date(now.getTime() - DAY_MS).toISOString() })).map((row) => row.responseId)).toEqual(['resp_b', 'resp_a']);
    const firstPage = await search({ limit: '2' });
    expect((await search({ limit: '2', before: String(firstPage.at(-1)?.id) })).map((row) => row.responseId)).toEqual(['resp_a', 'resp_old']);
    expect((await search({ response_id: 'resp_c' }))[0]?.requestBody).toEqual({ input: 'nul \u0000 kept' });
  });

  it('deletes entries older than AUDIT_KEEP_DAYS and keeps the rest', async () => {
    expect(await purgeAudit(database(), 30, now)).toBe(1);
    expect((await search({})).map((row) => row.responseId)).toEqual(['resp_c', 'resp_b', 'resp_a']);
    expect(await purgeAudit(database(), 30, now)).toBe(0);
  });
});
