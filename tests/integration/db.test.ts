import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { isPgliteDb, openDatabase, readDbClient, serializeBytea, type Db } from '@/lib/db/open';
import { DatabaseLockedError } from '@/lib/db/pglite-lock';
import * as schema from '@/lib/db/schema';
import { presets } from '@/lib/db/schema';
import { DATABASE_KINDS, makePgliteDir, openTestDatabase, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

describe.each(DATABASE_KINDS)('database on %s', (kind) => {
  it('applies every migration and keeps rows across a reopen', async () => {
    const first = await openTestDatabase(kind);
    await first.db.insert(presets).values({ name: 'weather', body: { model: 'local-agent', input: 'hi' } });
    await first.close();

    const second = await openDatabase(first.options);
    databases.closeAfter(second);
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
    const first = await databases.open(kind);
    const others = await Promise.all([openDatabase(first.options), openDatabase(first.options)]);
    others.forEach(databases.closeAfter);
    const counts = await Promise.all(others.map((handle) => handle.db.select().from(presets)));
    expect(counts.map((rows) => rows.length)).toEqual([0, 0]);
  });
});

describe.each(DATABASE_KINDS)('telling the driver from the client on %s', (kind) => {
  it('gives the same answer for the database openDatabase opened, a drizzle instance a test builds, and another copy of lib/db/open', async () => {
    const handle = await databases.open(kind);
    const opened = readDbClient(handle.db);
    expect(opened.kind).toBe(kind);
    expect(opened.client).toBe((handle.db as unknown as { $client: unknown }).$client);

    // Built by the test over a client of its own, as jobs-route and others do: no registry of opened databases knows it.
    let built: Db;
    let closeBuilt: () => Promise<void>;
    if (kind === 'pglite') {
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const client = await PGlite.create();
      built = drizzle({ client, schema }) as unknown as Db;
      closeBuilt = () => client.close();
    } else {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const pool = new pg.Pool({ connectionString: handle.options.databaseUrl, max: 1 });
      built = drizzle({ client: pool, schema }) as unknown as Db;
      closeBuilt = () => pool.end();
    }
    try {
      expect([readDbClient(built).kind, isPgliteDb(built)]).toEqual([kind, kind === 'pglite']);
      expect(readDbClient(built).client).toBe((built as unknown as { $client: unknown }).$client);
      // The client read is the one the statements go through.
      const answered = await built.execute(sql`SELECT 41 + 1 AS answer`);
      expect((answered as unknown as { rows: { answer: number }[] }).rows[0]?.answer).toBe(42);
    } finally {
      await closeBuilt();
    }

    // A fresh copy of the module (as a test's vi.resetModules() and re-import make) reads the same client the same way.
    vi.resetModules();
    const again = await import('@/lib/db/open');
    expect(again.isPgliteDb).not.toBe(isPgliteDb);
    expect([again.readDbClient(handle.db).kind, again.isPgliteDb(handle.db)]).toEqual([kind, kind === 'pglite']);
  });
});

describe('telling the driver from the client', () => {
  it('refuses a drizzle instance over a single pg.Client (it cannot hand out connections for a transaction), naming what it expects', async () => {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const single = drizzle({ client: new pg.Client({ connectionString: 'postgres://127.0.0.1:1/none' }), schema }) as unknown as Db;
    expect(() => readDbClient(single)).toThrow('The database is neither a drizzle instance over PGlite nor one over a node-postgres Pool');
    expect(() => isPgliteDb({} as Db)).toThrow('neither a drizzle instance over PGlite nor one over a node-postgres Pool');
  });
});

describe('PGlite folder lock', () => {
  it('refuses a second process with a clear error naming the folder', async () => {
    const dir = makePgliteDir();
    const handle = await openDatabase({ pgliteDir: dir });
    databases.closeAfter(handle);
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
    databases.closeAfter(handle);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(DatabaseLockedError).toBeDefined();
  });
});

describe('PGlite bytea parameters', () => {
  it('are hex-encoded natively, as PGlite itself would write them, and read back byte for byte', async () => {
    const { types } = await import('@electric-sql/pglite');
    const every = Uint8Array.from({ length: 256 }, (_, at) => at);
    const inside = new Uint8Array(Buffer.from('xx\u0000\u00ffbytes in a larger buffer')).subarray(2, 9);
    for (const bytes of [new Uint8Array(0), every, inside]) expect(serializeBytea(bytes)).toBe(types.serializers[types.BYTEA]!(bytes));
    expect(() => serializeBytea('not bytes')).toThrow('Invalid input for bytea type');

    const handle = await openDatabase({ pgliteDir: makePgliteDir() });
    databases.closeAfter(handle);
    const client = (handle.db as unknown as { $client: { serializers: Record<number, unknown> } }).$client;
    expect(client.serializers[types.BYTEA]).toBe(serializeBytea);
    const result = await handle.db.execute(sql`SELECT ${every}::bytea AS every, ${inside}::bytea AS inside`);
    const row = (result as unknown as { rows: Array<{ every: Uint8Array; inside: Uint8Array }> }).rows[0]!;
    expect([...row.every]).toEqual([...every]);
    expect([...row.inside]).toEqual([...inside]);
  });
});
