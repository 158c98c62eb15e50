// The server's lazily opened database: one handle per process, kept on globalThis so every route bundle shares it.
import 'server-only';
import { sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { openDatabase, type Db, type DatabaseHandle } from './open';
import { isAnyAwaitingFirstByte } from './write-hold';

export type { Db } from './open';
export * as tables from './schema';

const holder = globalThis as typeof globalThis & { __playgroundDb?: Promise<DatabaseHandle> };

function getHandle(): Promise<DatabaseHandle> {
  if (!holder.__playgroundDb) {
    const env = getEnv();
    holder.__playgroundDb = openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
    // A failed open is not cached: the next call tries again (e.g. PostgreSQL came back).
    holder.__playgroundDb.catch(() => {
      holder.__playgroundDb = undefined;
    });
  }
  return holder.__playgroundDb;
}

/**
 * How long the proxy's per-run writers (history, chain index) gather rows arriving turn after turn into one statement:
 * on PGlite (no DATABASE_URL) a statement holds this event loop for about a millisecond whatever it writes, so runs
 * streamed at the same time trickled in as batches of one or two; PostgreSQL works beside the event loop and gets 0.
 */
export const EMBEDDED_WRITE_GATHER_MS = 20;

export function writeGatherMs(): number {
  return getEnv().DATABASE_URL ? 0 : EMBEDDED_WRITE_GATHER_MS;
}

/**
 * Whether the proxy's per-run writers hold their next write now: on PGlite while a proxied stream waits for its first
 * byte (lib/db/write-hold.ts), since the write would hold that run's event loop too; never on PostgreSQL.
 */
export function holdsWrites(): boolean {
  return writeGatherMs() > 0 && isAnyAwaitingFirstByte();
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function checkDatabase(): Promise<{ ok: true; kind: string } | { ok: false; error: string }> {
  try {
    const handle = await getHandle();
    await handle.db.execute(sql`SELECT 1`);
    return { ok: true, kind: handle.kind };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
