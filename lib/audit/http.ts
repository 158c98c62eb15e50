// /api/admin/audit (one page of entries, filtered) and /api/admin/audit/export (the same filters as CSV), for admins.
import 'server-only';
import { requireAdmin } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import { readQuery, withRoute } from '@/lib/http/route';
import { auditQuerySchema, csvRow, CSV_COLUMNS } from './entry';
import { searchAudit, type AuditRow } from './store';

const EXPORT_PAGE = 500;
const EXPORT_MAX_ROWS = 100_000;

export interface AuditEntryReply {
  id: number;
  at: string;
  user_id: string | null;
  actor: string;
  method: string;
  path: string;
  model: string | null;
  on_behalf_of: string | null;
  response_id: string | null;
  status: number;
  duration_ms: number;
  error_code: string | null;
  request_body: unknown;
}

function toReply(row: AuditRow): AuditEntryReply {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.userId,
    actor: row.actor,
    method: row.method,
    path: row.path,
    model: row.model,
    on_behalf_of: row.onBehalfOf,
    response_id: row.responseId,
    status: row.status,
    duration_ms: row.durationMs,
    error_code: row.errorCode,
    request_body: row.requestBody ?? null,
  };
}

export const handleListAudit = withRoute('GET /api/admin/audit', async (request: Request) => {
  await requireAdmin(request);
  const query = readQuery(request, auditQuerySchema);
  const rows = await searchAudit(await getDb(), query);
  const data = rows.map(toReply);
  const next = rows.length === query.limit ? (rows.at(-1)?.id ?? null) : null;
  return Response.json({ data, next_before: next }, { headers: { 'Cache-Control': 'no-store' } });
});

/** Every matching entry (newest first, at most EXPORT_MAX_ROWS) as CSV, written page by page as it is read. */
export const handleExportAudit = withRoute('GET /api/admin/audit/export', async (request: Request) => {
  await requireAdmin(request);
  const query = readQuery(request, auditQuerySchema);
  const db = await getDb();
  const encoder = new TextEncoder();
  let before = query.before;
  let written = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(CSV_COLUMNS)));
    },
    async pull(controller) {
      const rows = await searchAudit(db, { ...query, before, limit: EXPORT_PAGE });
      for (const row of rows) {
        const reply = toReply(row);
        controller.enqueue(encoder.encode(csvRow([reply.id, reply.at, reply.user_id, reply.actor, reply.method, reply.path, reply.model, reply.on_behalf_of, reply.response_id, reply.status, reply.duration_ms, reply.error_code, reply.request_body])));
      }
      written += rows.length;
      before = rows.at(-1)?.id;
      if (rows.length < EXPORT_PAGE || written >= EXPORT_MAX_ROWS) controller.close();
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="playground-audit-${stamp}.csv"`, 'Cache-Control': 'no-store' },
  });
});
