// Tables of lib/auth: secrets made once per install, sign-in sessions (a session ends when its row is gone), the people
// who signed in with the OpenID provider, and sign-ins under way.
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { jsonb, text } from '../columns';

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
    /** The OpenID subject signed in; null for a session opened with the shared access token. */
    userId: text('user_id'),
    /** What the admin page shows and ends a session by (a hash of the id, so the page never shows a cookie's id). */
    handle: text('handle'),
    userAgent: text('user_agent'),
    /** Kept to ask the provider, at each refresh, whether the user is still there; useless without OIDC_CLIENT_SECRET. */
    refreshToken: text('refresh_token'),
    accessToken: text('access_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** When the provider last confirmed the user (sign-in or refresh). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_expires_idx').on(table.expiresAt), index('auth_sessions_user_idx').on(table.userId), index('auth_sessions_handle_idx').on(table.handle)],
);

/** A person the OpenID provider signed in: the latest claims it gave (ID token merged with userinfo). */
export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  email: text('email'),
  name: text('name'),
  claims: jsonb('claims').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-in sent to the provider and not yet back: the PKCE verifier and nonce, found by the state the browser carries. */
export const authLogins = pgTable(
  'auth_logins',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    nextPath: text('next_path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_logins_expires_idx').on(table.expiresAt)],
);

/** Requests per client per minute window, shared by every instance on one PostgreSQL (PROXY_RATE_LIMIT_PER_MINUTE). */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limit_counts_window_idx').on(table.windowStart)],
);
