// The proxy's and sign-in's per-client limit, shared by every instance on one PostgreSQL (in memory with PGlite, one process).
import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { rateLimitCounts } from '@/lib/db/schema';
import { encodeText } from '@/lib/db/text-codec';
import { getEnv } from '@/lib/env';
import { sharedRateLimiter, type RateLimitResult } from './rate-limit';

const WINDOW_MS = 60_000;
const PRUNE_EVERY_MS = 60_000;
const holder = globalThis as typeof globalThis & { __playgroundRateLimitPrunedAt?: number };

/**
 * One request by `clientKey` against `limitPerMinute`, counted in the database when DATABASE_URL is set: a sliding window
 * estimated from this minute's count and the last one's (weighted by how much of it still overlaps), in one statement.
 * A refused request is not counted. Without DATABASE_URL there is one process, and the in-memory limiter decides.
 */
export async function takeRateLimit(clientKey: string, limitPerMinute: number, nowMs = Date.now()): Promise<RateLimitResult> {
  if (!getEnv().DATABASE_URL) return sharedRateLimiter(limitPerMinute).take(clientKey);
  const db = await getDb();
  const windowStart = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
  const previousWeight = 1 - (nowMs - windowStart) / WINDOW_MS;
  const key = encodeText(clientKey);
  const result = await db.execute<{ taken: number | null }>(sql`
    WITH previous AS (
      SELECT coalesce(max(count), 0) * ${previousWeight}::float8 AS weighted FROM rate_limit_counts
      WHERE key = ${key} AND window_start = ${new Date(windowStart - WINDOW_MS).toISOString()}::timestamptz
    ), taken AS (
      INSERT INTO rate_limit_counts (key, window_start, count)
      SELECT ${key}, ${new Date(windowStart).toISOString()}::timestamptz, 1 FROM previous WHERE ceil(previous.weighted) + 1 <= ${limitPerMinute}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counts.count + 1
      WHERE ceil((SELECT weighted FROM previous)) + rate_limit_counts.count + 1 <= ${limitPerMinute}
      RETURNING count
    )
    SELECT (SELECT count FROM taken) AS taken`);
  pruneOldWindows(nowMs);
  const rows = (result as unknown as { rows?: Array<{ taken: number | null }> }).rows ?? (result as unknown as Array<{ taken: number | null }>);
  if (rows[0]?.taken !== null && rows[0]?.taken !== undefined) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + WINDOW_MS - nowMs) / 1000)) };
}

/** Windows older than the last one are never read again: removed at most once a minute per process. */
function pruneOldWindows(nowMs: number): void {
  if ((holder.__playgroundRateLimitPrunedAt ?? 0) > nowMs - PRUNE_EVERY_MS) return;
  holder.__playgroundRateLimitPrunedAt = nowMs;
  void getDb()
    .then((db) => db.delete(rateLimitCounts).where(lt(rateLimitCounts.windowStart, new Date(nowMs - 2 * WINDOW_MS))))
    .catch(() => undefined);
}
