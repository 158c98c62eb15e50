import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@/lib/db/open';
import { DatabaseLockedError } from '@/lib/db/pglite-lock';
import { presets } from '@/lib/db/schema';
import { DATABASE_KINDS, makePgliteDir, openTestDatabase } from '../support/databases';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

describe.each(DATABASE_KINDS)('database on %s', (kind) => {
  it('applies every migration and keeps rows across a reopen', async () => {
    const first = await openTestDatabase(kind);
    await first.db.insert(presets).values({ name: 'weather', body: { model: 'local-agent', input: 'hi' } });
    await first.close();

    const second = await openDatabase(first.options);
    open.push(second);
    const rows = await second.db.select().from(presets).where(eq(presets.name, 'weather'));
    expect(rows.map((row) => row.body)).toEqual([{ model: 'local-agent', input: 'hi' }]);
    const tables = (await second.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`)) as unknown as {
      rows: { table_name: string }[];
    };
    const names = tables.rows.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['jobs', 'webhook_deliveries', 'gateway_responses', 'request_history', 'seen_responses']));
    // Every later status of a run finds its history entries by response id: that lookup must not scan the table.
    const indexes = (await second.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'request_history'`)) as unknown as { rows: { indexdef: string }[] };
    expect(indexes.rows.map((row) => row.indexdef)).toContainEqual(expect.stringMatching(/\(response_id\)$/));
  });

  it('migrates concurrently without conflict (advisory lock)', async () => {
    if (kind === 'pglite') return; // one process per folder: the lock file test below covers PGlite
    const first = await openTestDatabase(kind);
    open.push(first);
    const others = await Promise.all([openDatabase(first.options), openDatabase(first.options)]);
    open.push(...others);
    const counts = await Promise.all(others.map((handle) => handle.db.select().from(presets)));
    expect(counts.map((rows) => rows.length)).toEqual([0, 0]);
  });
});

describe('PGlite folder lock', () => {
  it('refuses a second process with a clear error naming the folder', async () => {
    const dir = makePgliteDir();
    const handle = await openDatabase({ pgliteDir: dir });
    open.push(handle);
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/open-db-child.ts', dir], {
      cwd: path.resolve(__dirname, '../..'),
      encoding: 'utf8',
    });
    expect(child.status).toBe(3);
    expect(child.stdout).toContain('DatabaseLockedError');
    expect(child.stdout).toContain(dir);
    expect(child.stdout).toContain(`pid ${process.pid}`);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = makePgliteDir();
    const fs = await import('node:fs');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, '999999');
    const handle = await openDatabase({ pgliteDir: dir });
    open.push(handle);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(DatabaseLockedError).toBeDefined();
  });
});
