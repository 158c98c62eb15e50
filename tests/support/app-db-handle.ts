// Points the in-process app (lib/db's shared handle) at a database, opens it and closes it again; free of vitest, so the bench uses it too.
import { whenAllWritten } from '@/lib/db/batch';
import type { DatabaseHandle } from '@/lib/db/open';

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
