// Opens the database (PGlite or node-postgres) and applies migrations under an advisory lock; no server-only, so tests and scripts can use it.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { acquirePgliteLock } from './pglite-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir: string;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');
/** Arbitrary constant shared by every process that migrates this schema. */
const MIGRATION_LOCK_KEY = 7_261_554_019;

const pgliteDbs = new WeakSet<object>();

const BYTEA_OID = 17;

/**
 * Bytes as PGlite sends a bytea parameter (`\x` and hex), hex-encoded natively: PGlite's own serializer builds the text a
 * byte at a time (about 3 ms for a 17 KB compressed recording, on the event loop of every streamed run).
 */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/** PGlite runs in this process: its statements block the event loop while they run (tuning such as write batching differs). */
export function isPgliteDb(db: Db): boolean {
  return pgliteDbs.has(db);
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir);
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', (error) => console.error(`database pool error: ${error.message}`));
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Could not open the PostgreSQL database at ${redactUrl(databaseUrl)}: ${(error as Error).message}`);
  }
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  const release = acquirePgliteLock(dir);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(dir, { serializers: { [BYTEA_OID]: serializeBytea } });
    const db = drizzle({ client, schema });
    await db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    pgliteDbs.add(db);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    url.password = url.password ? '***' : '';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

