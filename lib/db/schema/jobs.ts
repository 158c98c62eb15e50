// Tables of the jobs page: background responses being tracked and every status they passed through.
import { boolean, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { text } from '../columns';

export const jobs = pgTable('jobs', {
  responseId: text('response_id').primaryKey(),
  model: text('model'),
  onBehalfOf: text('on_behalf_of'),
  status: text('status').notNull(),
  /** playground: created through the proxy; tracked: pasted by a user. */
  origin: text('origin').notNull().default('playground'),
  webhookCaptureId: text('webhook_capture_id'),
  /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
  ownerId: text('owner_id'),
  /** Shown to the team on purpose (the owner's share toggle). */
  shared: boolean('shared').notNull().default(false),
  pollAttempts: integer('poll_attempts').notNull().default(0),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const jobStatusHistory = pgTable(
  'job_status_history',
  {
    id: serial('id').primaryKey(),
    responseId: text('response_id').notNull(),
    status: text('status').notNull(),
    /** create, poll, stream or webhook */
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_status_history_response_idx').on(table.responseId)],
);
