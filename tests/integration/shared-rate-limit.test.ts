// PROXY_RATE_LIMIT_PER_MINUTE counted in PostgreSQL when DATABASE_URL is set, so every instance takes from one budget:
// a sliding window (this minute plus the overlapping part of the last), refused requests not counted.
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestAppDatabase } from '../support/app-database';

let databaseUrl: string;

setUpTestAppDatabase({
  kind: 'postgres',
  prepare: () => {
    databaseUrl = process.env.DATABASE_URL!;
    vi.resetModules();
  },
});

async function countsInDatabase(key: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const result = await client.query<{ count: number }>('SELECT count FROM rate_limit_counts WHERE key = $1 ORDER BY window_start', [key]);
  await client.end();
  return result.rows.map((row) => row.count);
}

describe('the shared rate limit (PostgreSQL)', () => {
  it('counts in the database, refuses past the limit with Retry-After, and does not count refusals', async () => {
    const { takeRateLimit } = await import('@/lib/auth/shared-rate-limit');
    const start = Date.parse('2030-01-01T00:00:10Z');
    for (let hit = 0; hit < 3; hit += 1) expect(await takeRateLimit('client-a', 3, start + hit)).toEqual({ ok: true });
    expect(await takeRateLimit('client-a', 3, start + 10)).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect(await takeRateLimit('client-b', 3, start + 10)).toEqual({ ok: true });
    expect(await countsInDatabase('client-a')).toEqual([3]);
  });

  it('weighs the last minute by how much of it still overlaps (a sliding window)', async () => {
    const { takeRateLimit } = await import('@/lib/auth/shared-rate-limit');
    const lastMinute = Date.parse('2030-01-01T00:05:40Z');
    for (let hit = 0; hit < 4; hit += 1) expect((await takeRateLimit('client-c', 4, lastMinute + hit)).ok).toBe(true);
    // 30 s into the next minute half of the last one overlaps: 4 × 0.5 = 2 of the 4 are still used.
    const halfway = Date.parse('2030-01-01T00:06:30Z');
    expect((await takeRateLimit('client-c', 4, halfway)).ok).toBe(true);
    expect((await takeRateLimit('client-c', 4, halfway + 1)).ok).toBe(true);
    expect((await takeRateLimit('client-c', 4, halfway + 2)).ok).toBe(false);
    expect(await countsInDatabase('client-c')).toEqual([4, 2]);
  });
});
