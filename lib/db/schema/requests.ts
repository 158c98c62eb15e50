// Tables of the request builder: sent-request history and named presets.
import { index, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { jsonb, text } from '../columns';

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
  (table) => [index('request_history_created_idx').on(table.createdAt), index('request_history_response_idx').on(table.responseId)],
);

export const presets = pgTable('presets', {
  name: text('name').primaryKey(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
