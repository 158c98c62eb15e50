// Secrets made once per install and kept in the database, so every process on it agrees (the local gateway key, the session signing key).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { installSecrets } from '@/lib/db/schema';

/** The secret called `name`, made with `make` on first use; whichever process stores it first wins. */
export async function readInstallSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(installSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name));
  if (!row) throw new Error(`The install secret ${name} could not be stored.`);
  return row.value;
}

const holder = globalThis as typeof globalThis & { __playgroundInstallSecrets?: Map<string, Promise<string>> };

/** Cached per process; a failed read is tried again on the next call. */
export function getInstallSecret(getDb: () => Promise<Db>, name: string, make: () => string): Promise<string> {
  holder.__playgroundInstallSecrets ??= new Map();
  const cache = holder.__playgroundInstallSecrets;
  let secret = cache.get(name);
  if (!secret) {
    secret = getDb().then((db) => readInstallSecret(db, name, make));
    cache.set(name, secret);
    secret.catch(() => cache.delete(name));
  }
  return secret;
}

export function randomSecret(prefix = ''): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}
