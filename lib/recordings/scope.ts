// Which recordings a request may see and change: the one place an owner check goes.
import type { SQL } from 'drizzle-orm';

/**
 * Today everyone who can reach the playground shares its recordings, as they share the history (README, "Access and
 * secrets"). Per-user data (teams) narrows this: a scope naming an owner, and `inScope` filtering by it.
 */
export type RecordingScope = { kind: 'all' };

export const ALL_RECORDINGS: RecordingScope = { kind: 'all' };

/** The scope of the user whose request carries these headers (its session cookie, once there are users). */
export function recordingScopeOfHeaders(_headers: Headers): RecordingScope {
  return ALL_RECORDINGS;
}

export function recordingScopeOf(request: Request): RecordingScope {
  return recordingScopeOfHeaders(request.headers);
}

/** The condition that keeps a query inside `scope` (none while everyone shares everything). */
export function inScope(_scope: RecordingScope): SQL | undefined {
  return undefined;
}
