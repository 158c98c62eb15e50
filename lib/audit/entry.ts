// One audit entry as the log keeps it and as admins read it, the filters of /admin/audit, and the CSV export's rows (pure).
import { z } from 'zod';

export interface AuditEntry {
  at: Date;
  userId: string | null;
  actor: string;
  method: string;
  path: string;
  model: string | null;
  onBehalfOf: string | null;
  responseId: string | null;
  status: number;
  durationMs: number;
  errorCode: string | null;
  requestBody: unknown;
}

/** What a caller of the gateway can add while its reply is read (a create learns its response id from the stream). */
export interface AuditNote {
  model?: string | null;
  responseId?: string | null;
  /** The request body, kept only with AUDIT_BODIES=true. */
  body?: Record<string, unknown> | null;
}

const trimmed = z.string().trim().max(256).optional().transform((value) => value || undefined);
const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2025-01-31T09:00:00Z' }).optional();

/** Filters of GET /api/admin/audit and its CSV export; `before` pages back from an entry id. */
export const auditQuerySchema = z.object({
  actor: trimmed,
  path: trimmed,
  model: trimmed,
  on_behalf_of: trimmed,
  response_id: trimmed,
  status: z
    .string()
    .trim()
    .regex(/^([1-5]xx|[1-5]\d\d)?$/, 'must be an HTTP status (e.g. 403) or a class (4xx)')
    .optional()
    .transform((value) => value || undefined),
  from: isoTime,
  to: isoTime,
  before: z.coerce.number({ error: 'must be an entry id' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 to 500').max(500, 'must be 1 to 500').default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const CSV_COLUMNS = ['id', 'time', 'user_id', 'actor', 'method', 'path', 'model', 'on_behalf_of', 'response_id', 'status', 'duration_ms', 'error_code', 'request_body'] as const;

/** A CSV field (RFC 4180); a cell a spreadsheet would run as a formula (= + - @ first) is prefixed with ' so it stays text. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
