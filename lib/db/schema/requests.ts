// Tables of the request builder: sent-request history and named presets.
import { boolean, index, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
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
    /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
    ownerId: text('owner_id'),
    /** Shown to the team on purpose (the owner's share toggle). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_history_created_idx').on(table.createdAt), index('request_history_response_idx').on(table.responseId), index('request_history_owner_idx').on(table.ownerId)],
);

/** A name is unique per owner (presets from before personal sign-in, owner null, share one namespace). */
export const presets = pgTable(
  'presets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    body: jsonb('body').notNull(),
    /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
    ownerId: text('owner_id'),
    /** Shown to the team on purpose (the owner's share toggle). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('presets_owner_name_unique').on(table.ownerId, table.name).nullsNotDistinct()],
);
