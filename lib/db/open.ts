// Opens the database (PGlite or node-postgres) and applies migrations under an advisory lock; no server-only, so tests and scripts can use it.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
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

const BYTEA_OID = 17;

/**
 * Bytes as PGlite sends a bytea parameter (`\x` and hex), hex-encoded natively: PGlite's own serializer builds the text a
 * byte at a time (about 3 ms for a 17 KB compressed recording, on the event loop of every streamed run).
 */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/** The driver's own client behind a drizzle instance: PGlite, or a node-postgres pool. */
export type DbClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: Pool };

/**
 * Reads the client behind any drizzle instance, whoever built it (openDatabase, a test, another copy of this module),
 * so every caller tells PGlite from PostgreSQL the same way. A client of neither kind (e.g. a single pg.Client, which
 * cannot hand out connections for transactions) is refused with an error rather than guessed.
 */
export function readDbClient(db: Db): DbClient {
  const client = (db as unknown as { $client?: unknown }).$client as Record<string, unknown> | null | undefined;
  if (typeof client === 'object' && client !== null) {
    if (typeof client.transaction === 'function' && typeof client.execProtocol === 'function') return { kind: 'pglite', client: client as unknown as PGlite };
    if (typeof client.connect === 'function' && typeof client.query === 'function' && typeof client.totalCount === 'number') {
      return { kind: 'postgres', client: client as unknown as Pool };
    }
  }
  throw new Error('The database is neither a drizzle instance over PGlite nor one over a node-postgres Pool');
}

/** PGlite runs in this process: its statements block the event loop while they run (tuning such as write batching differs). */
export function isPgliteDb(db: Db): boolean {
  return readDbClient(db).kind === 'pglite';
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

