// Opens each database kind the suite runs against (PGlite in a temp folder, and the PostgreSQL server of the global setup).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/lib/db/open';

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
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { options: DatabaseOptions }> {
  const options = await makeDatabaseOptions(kind);
  const handle = await openDatabase(options);
  return { ...handle, options };
}
