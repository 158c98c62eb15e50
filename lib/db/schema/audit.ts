// Table of lib/audit: every request that reached the gateway through the playground (never a key; a body only with AUDIT_BODIES).
import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { jsonb, text } from '../columns';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The signed-in user's subject; null for the shared playground and the server's own calls. */
    userId: text('user_id'),
    /** How the actor is shown: the user's email, `shared`, or `system: job-refresher`. */
    actor: text('actor').notNull(),
    method: text('method').notNull(),
    /** The gateway path called, e.g. /responses/resp_1/cancel. */
    path: text('path').notNull(),
    model: text('model'),
    onBehalfOf: text('on_behalf_of'),
    responseId: text('response_id'),
    /** The gateway's HTTP status, or ours when it gave none (502 unreachable, 504 timeout, 499 the browser left). */
    status: integer('status').notNull(),
    /** From the call until its reply (a stream included) ended. */
    durationMs: integer('duration_ms').notNull(),
    errorCode: text('error_code'),
    requestBody: jsonb('request_body'),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_user_idx').on(table.userId), index('audit_log_response_idx').on(table.responseId)],
);
