// Tables of webhook capture: capture endpoints and every delivery they received, raw bytes kept.
import { boolean, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { bytea, jsonb, text } from '../columns';

export const webhookCaptures = pgTable('webhook_captures', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  /** Optional scripted answer, for testing a gateway's retries. */
  answerStatus: integer('answer_status'),
  answerDelayMs: integer('answer_delay_ms'),
  /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
  ownerId: text('owner_id'),
  /** Shown to the team on purpose (the owner's share toggle). */
  shared: boolean('shared').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    captureId: text('capture_id').notNull(),
    webhookId: text('webhook_id'),
    body: bytea('body').notNull(),
    headers: jsonb('headers').notNull(),
    sourceAddress: text('source_address'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    signatureValid: boolean('signature_valid').notNull(),
    signatureScheme: text('signature_scheme'),
    signatureDetail: jsonb('signature_detail'),
    duplicate: boolean('duplicate').notNull().default(false),
    responseId: text('response_id'),
    eventType: text('event_type'),
    answeredStatus: integer('answered_status').notNull(),
  },
  // (capture, webhook id): a capture's deliveries, and whether a webhook id was already delivered to it (the receiver's duplicate check).
  (table) => [index('webhook_deliveries_capture_webhook_idx').on(table.captureId, table.webhookId), index('webhook_deliveries_response_idx').on(table.responseId)],
);
