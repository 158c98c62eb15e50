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

/** Opens an empty, migrated database of the given kind. */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { options: { databaseUrl?: string; pgliteDir: string } }> {
  const options = kind === 'pglite' ? { pgliteDir: makePgliteDir() } : { databaseUrl: await makePostgresDatabase(), pgliteDir: makePgliteDir() };
  const handle = await openDatabase(options);
  return { ...handle, options };
}
