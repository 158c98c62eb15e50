// Tables of lib/auth: secrets made once per install, and the sign-in sessions (a session ends when its row is gone).
import { index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { text } from '../columns';

export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_sessions_expires_idx').on(table.expiresAt)],
);
