// Tables of lib/auth: secrets made once per install.
import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { text } from '../columns';

export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
