// Tables of the request builder and chains: sent-request history, named presets, and the index of seen responses.
import { boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const requestHistory = pgTable(
  'request_history',
  {
    id: serial('id').primaryKey(),
    model: text('model'),
    body: jsonb('body').notNull(),
    onBehalfOf: text('on_behalf_of'),
    /** Flattened input text, for search. */
    searchText: text('search_text').notNull().default(''),
    responseId: text('response_id'),
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_history_created_idx').on(table.createdAt)],
);

export const presets = pgTable('presets', {
  name: text('name').primaryKey(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const seenResponses = pgTable(
  'seen_responses',
  {
    id: text('id').primaryKey(),
    previousResponseId: text('previous_response_id'),
    conversationId: text('conversation_id'),
    model: text('model'),
    status: text('status'),
    onBehalfOf: text('on_behalf_of'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('seen_responses_previous_idx').on(table.previousResponseId)],
);
