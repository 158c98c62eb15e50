// Recordings of streamed runs (lib/recordings): what a list shows, and the file itself gzip-compressed.
import { boolean, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { bytea, text } from '../columns';

export const recordings = pgTable(
  'recordings',
  {
    /** Insertion order: retention keeps the newest unpinned ones by it. */
    seq: serial('seq').primaryKey(),
    id: text('id').notNull().unique(),
    name: text('name').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    source: text('source').notNull(),
    /** How it got here: recorded by this playground, or imported from a file. */
    origin: text('origin').notNull(),
    responseId: text('response_id'),
    model: text('model'),
    status: text('status'),
    onBehalfOf: text('on_behalf_of'),
    /** Who ran or imported it (the OpenID subject); null: made without personal sign-in, everyone's. */
    ownerId: text('owner_id'),
    /** Shown to the team on purpose (the owner's share toggle): readable by all, changeable by the owner only. */
    shared: boolean('shared').notNull().default(false),
    eventCount: integer('event_count').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** Size of the exported JSON without its name (the name is added when it is read). */
    sizeBytes: integer('size_bytes').notNull(),
    /** The request's input text and the output text, for search. */
    searchText: text('search_text').notNull().default(''),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The recording file without its name (kept in `name`, which rename changes), as gzip-compressed JSON. */
    content: bytea('content').notNull(),
  },
  // Retention keeps each person's newest per source: it reads unpinned rows by (source, owner) in seq order.
  (table) => [index('recordings_retention_idx').on(table.source, table.ownerId, table.pinned, table.seq), index('recordings_response_idx').on(table.responseId)],
);
