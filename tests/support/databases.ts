// Opens each database kind the suite runs against (PGlite in a temp folder, and the PostgreSQL server of the global setup).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '@/lib/db/open';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export function makePgliteDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'playground-pglite-')), 'db');
}

/** A fresh PostgreSQL database on the shared test server; returns its URL. */
export async function makePostgresDatabase(): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface DatabaseOptions {
  databaseUrl?: string;
  pgliteDir: string;
}

/** Where a fresh database of the given kind lives (a PGlite folder; for PostgreSQL also a new database on the shared server). */
export async function makeDatabaseOptions(kind: DatabaseKind): Promise<DatabaseOptions> {
  return kind === 'pglite' ? { pgliteDir: makePgliteDir() } : { databaseUrl: await makePostgresDatabase(), pgliteDir: makePgliteDir() };
}

/** Opens an empty, migrated database of the given kind. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const options = await makeDatabaseOptions(kind);
  const handle = await openDatabase(options);
  return { ...handle, options };
}

export type TestDatabase = DatabaseHandle & { options: DatabaseOptions };

/** One empty, migrated database of `kind` for the tests of a describe block: opened before them, closed after them. */
export function useTestDatabase(kind: DatabaseKind): () => Db {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error(`the ${kind} test database is not open (use it inside a test)`);
    return handle.db;
  };
}

/**
 * Fresh databases for the tests of a file or block: `open(kind)` opens an empty, migrated one, and `closeAfter` takes one
 * opened otherwise (a reopen); each is closed after its test, pass or fail (their folders go with the run's temp root).
 */
export function setUpTestDatabases() {
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    while (opened.length) await opened.pop()?.close();
  });
  const closeAfter = <H extends DatabaseHandle>(handle: H): H => {
    opened.push(handle);
    return handle;
  };
  return { open: async (kind: DatabaseKind): Promise<TestDatabase> => closeAfter(await openTestDatabase(kind)), closeAfter };
}
