// Tables of the chain explorer: every response id the playground has seen, with its parent.
import { boolean, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { text } from '../columns';

export const seenResponses = pgTable(
  'seen_responses',
  {
    id: text('id').primaryKey(),
    previousResponseId: text('previous_response_id'),
    conversationId: text('conversation_id'),
    model: text('model'),
    status: text('status'),
    onBehalfOf: text('on_behalf_of'),
    /** false when the response was created with store:false (never retrievable); null when unknown. */
    stored: boolean('stored'),
    deleted: boolean('deleted').notNull().default(false),
    /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
    ownerId: text('owner_id'),
    /** Shown to the team on purpose (the owner's share toggle). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('seen_responses_previous_idx').on(table.previousResponseId),
    index('seen_responses_conversation_idx').on(table.conversationId),
  ],
);

/**
 * Other ids a gateway gave the same response (some give a new id in every event and every GET, or echo a backend id
 * as `previous_response_id`): each alias points at the id the playground files the response under (its run id).
 */
export const responseAliases = pgTable(
  'response_aliases',
  {
    alias: text('alias').primaryKey(),
    responseId: text('response_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('response_aliases_response_idx').on(table.responseId)],
);
