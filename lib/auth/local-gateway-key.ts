// The key between the proxy and the mounted local gateway: the public dev key when the playground is open, a random per-install key once it is protected.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { installSecrets } from '@/lib/db/schema';
import { LOCAL_GATEWAY_DEV_KEY, type Env } from '@/lib/env-schema';

const SECRET_NAME = 'local_gateway_key';
const holder = globalThis as typeof globalThis & { __playgroundInstallKey?: Promise<string> };

/** A protected playground (PLAYGROUND_ACCESS_TOKEN) must not let the public dev key past its local gateway. */
export function isProtected(env: Env): boolean {
  return !!env.PLAYGROUND_ACCESS_TOKEN;
}

/** The install's own local-gateway key, made on first use and kept in the database (every process on it agrees). */
export async function readInstallKey(db: Db): Promise<string> {
  const candidate = `sk-local-install-${randomBytes(24).toString('base64url')}`;
  await db.insert(installSecrets).values({ name: SECRET_NAME, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The local gateway key could not be stored.');
  return row.value;
}

/** Cached per process; a failed read is tried again on the next call. */
export function getInstallKey(getDb: () => Promise<Db>): Promise<string> {
  if (!holder.__playgroundInstallKey) {
    holder.__playgroundInstallKey = getDb().then(readInstallKey);
    holder.__playgroundInstallKey.catch(() => {
      holder.__playgroundInstallKey = undefined;
    });
  }
  return holder.__playgroundInstallKey;
}

/** The keys the mounted local gateway accepts: LOCAL_GATEWAY_API_KEYS, or once protected those minus the dev key plus the install key. */
export function mountedGatewayKeys(env: Env, installKey: string | null): string[] {
  if (!isProtected(env) || !installKey) return env.LOCAL_GATEWAY_API_KEYS;
  return [installKey, ...env.LOCAL_GATEWAY_API_KEYS.filter((key) => key !== LOCAL_GATEWAY_DEV_KEY)];
}

/** The bearer the proxy sends to the mounted local gateway (never GATEWAY_API_KEY, which is the remote gateway's). */
export function proxyKeyForMountedGateway(env: Env, installKey: string | null): string | null {
  if (isProtected(env)) return installKey;
  return env.LOCAL_GATEWAY_API_KEYS[0] ?? null;
}
