// The host names this playground answers to: loopback, the host of PLAYGROUND_PUBLIC_URL and an explicit HOST (defence against DNS rebinding).
import type { Env } from '@/lib/env-schema';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]']);

/** The name part of a Host header (port dropped, IPv6 kept in brackets), lower-cased; null when it is not a plain host[:port]. */
export function hostNameOf(host: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1]?.toLowerCase().replace(/\.$/, '') ?? null;
}

export function allowedHostNames(env: Pick<Env, 'HOST' | 'PLAYGROUND_PUBLIC_URL'>): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (env.PLAYGROUND_PUBLIC_URL) names.add(new URL(env.PLAYGROUND_PUBLIC_URL).hostname.toLowerCase());
  const bind = env.HOST.toLowerCase();
  if (!WILDCARD_BINDS.has(bind)) names.add(bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind);
  return names;
}

export function isAllowedHost(host: string | null, env: Pick<Env, 'HOST' | 'PLAYGROUND_PUBLIC_URL'>): boolean {
  if (!host) return false;
  const name = hostNameOf(host);
  return name !== null && allowedHostNames(env).has(name);
}
