// The key between the proxy and the mounted local gateway: the public dev key when the playground is open, a random per-install key once it is protected.
import 'server-only';
import type { Db } from '@/lib/db';
import { LOCAL_GATEWAY_DEV_KEY, type Env } from '@/lib/env-schema';
import { getInstallSecret, randomSecret, readInstallSecret } from './install-secrets';

const SECRET_NAME = 'local_gateway_key';
const makeKey = () => randomSecret('sk-local-install-');

/** A protected playground (PLAYGROUND_ACCESS_TOKEN or personal sign-in) must not let the public dev key past its local gateway. */
export function isProtected(env: Env): boolean {
  return !!env.PLAYGROUND_ACCESS_TOKEN || !!env.OIDC_ISSUER;
}

/** The install's own local-gateway key, made on first use and kept in the database (every process on it agrees). */
export function readInstallKey(db: Db): Promise<string> {
  return readInstallSecret(db, SECRET_NAME, makeKey);
}

/** Cached per process; a failed read is tried again on the next call. */
export function getInstallKey(getDb: () => Promise<Db>): Promise<string> {
  return getInstallSecret(getDb, SECRET_NAME, makeKey);
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
