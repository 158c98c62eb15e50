// Tables of the compare page: grids (a definition each), their runs (the definition as it ran) and every run's cells.
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { bytea, jsonb, text } from '../columns';

export const grids = pgTable(
  'grids',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    definition: jsonb('definition').notNull(),
    /** Who made it (the OpenID subject); null: made before personal sign-in, everyone's. */
    ownerId: text('owner_id'),
    /** Shown to the team on purpose (the owner's share toggle). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('grids_updated_idx').on(table.updatedAt)],
);

export const gridRuns = pgTable(
  'grid_runs',
  {
    id: text('id').primaryKey(),
    gridId: text('grid_id')
      .notNull()
      .references(() => grids.id, { onDelete: 'cascade' }),
    /** queued, running, completed, cancelled, interrupted (a restart cut it). */
    status: text('status').notNull(),
    definition: jsonb('definition').notNull(),
    concurrency: integer('concurrency').notNull(),
    cellTimeoutMs: integer('cell_timeout_ms').notNull(),
    /** The process running it and when it last said so: a run whose runner went quiet is interrupted. */
    runnerId: text('runner_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Stop asked through another process than the runner's; the runner sees it at its next heartbeat. */
    isCancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Cells already settled when the latest (re-)run began: the pace, and so the time left, counts only the others. */
    cellsDoneAtStart: integer('cells_done_at_start').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('grid_runs_grid_idx').on(table.gridId, table.createdAt), index('grid_runs_status_idx').on(table.status)],
);

export const gridCells = pgTable(
  'grid_cells',
  {
    runId: text('run_id')
      .notNull()
      .references(() => gridRuns.id, { onDelete: 'cascade' }),
    variantIndex: integer('variant_index').notNull(),
    rowIndex: integer('row_index').notNull(),
    status: text('status').notNull(),
    passed: boolean('passed'),
    outputText: text('output_text').notNull().default(''),
    responseId: text('response_id'),
    model: text('model'),
    onBehalfOf: text('on_behalf_of'),
    error: jsonb('error'),
    checks: jsonb('checks').notNull().default([]),
    ttftMs: doublePrecision('ttft_ms'),
    totalMs: doublePrecision('total_ms'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    totalTokens: integer('total_tokens'),
    attempts: integer('attempts').notNull().default(0),
    rateLimitRetries: integer('rate_limit_retries').notNull().default(0),
    /** The whole turn as the transcript view shows it (request sent, items, event log, timings, error), for cells settled before turn_packed. */
    turn: jsonb('turn'),
    /** The same turn as gzip-compressed JSON, as a cell's turn is stored now (a fraction of the bytes, and of a jsonb write's time on PGlite). */
    turnPacked: bytea('turn_packed'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.runId, table.variantIndex, table.rowIndex] })],
);
