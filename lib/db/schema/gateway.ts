// Tables of the local gateway: stored responses, their replayable stream events, and conversations.
import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { jsonb, text } from '../columns';

export const gatewayResponses = pgTable(
  'gateway_responses',
  {
    id: text('id').primaryKey(),
    /** Hash of (API key, X-On-Behalf-Of): another pair never sees the response. */
    ownerKey: text('owner_key').notNull(),
    status: text('status').notNull(),
    background: boolean('background').notNull().default(false),
    stream: boolean('stream').notNull().default(false),
    stored: boolean('stored').notNull().default(true),
    previousResponseId: text('previous_response_id'),
    conversationId: text('conversation_id'),
    request: jsonb('request').notNull(),
    response: jsonb('response').notNull(),
    inputItems: jsonb('input_items').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gateway_responses_owner_idx').on(table.ownerKey)],
);

export const gatewayResponseEvents = pgTable(
  'gateway_response_events',
  {
    responseId: text('response_id').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    event: jsonb('event').notNull(),
  },
  (table) => [primaryKey({ columns: [table.responseId, table.sequenceNumber] })],
);

export const gatewayConversations = pgTable('gateway_conversations', {
  id: text('id').primaryKey(),
  ownerKey: text('owner_key').notNull(),
  items: jsonb('items').notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
