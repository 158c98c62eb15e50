// Points the in-process app (lib/db's shared handle) at a test database, and closes it again.
import { afterAll, beforeAll } from 'vitest';
import { whenAllWritten } from '@/lib/db/batch';
import type { DatabaseHandle } from '@/lib/db/open';
import { makeDatabaseOptions, type DatabaseKind } from './databases';

const holder = globalThis as typeof globalThis & { __playgroundDb?: Promise<DatabaseHandle> };

/** The app's next getDb() opens this database (call loadProxyRoutes afterwards so the settings are re-read). */
export async function useAppDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<void> {
  await closeAppDatabase();
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = options.pgliteDir;
  if (options.databaseUrl) process.env.DATABASE_URL = options.databaseUrl;
}

/** Closes the app's database once every write the app queued (history, chain index, ...) is written or has failed. */
export async function closeAppDatabase(): Promise<void> {
  await whenAllWritten();
  const handle = holder.__playgroundDb;
  holder.__playgroundDb = undefined;
  await (await handle?.catch(() => undefined))?.close();
}

/** Opens the app's database now (migrations included), so a first request is not slowed by it. */
export async function openAppDatabase() {
  const { getDb } = await import('@/lib/db');
  return getDb();
}

/**
 * The app's database for the tests of a file or block: a fresh one of `kind` (PGlite unless told) opened before them,
 * after `prepare` (e.g. loading route modules, which read the settings), and closed after them, pass or fail, with the
 * environment put back as it was before.
 */
export function setUpTestAppDatabase(options: { kind?: DatabaseKind; prepare?: () => Promise<void> | void } = {}): void {
  let saved: NodeJS.ProcessEnv | undefined;
  beforeAll(async () => {
    saved = { ...process.env };
    await useAppDatabase(await makeDatabaseOptions(options.kind ?? 'pglite'));
    await options.prepare?.();
    await openAppDatabase();
  });
  afterAll(async () => {
    await closeAppDatabase();
    if (saved) process.env = saved;
  });
}
