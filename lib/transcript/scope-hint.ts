// Says who a "not found" was looked up as: stored responses are scoped to the user (X-On-Behalf-Of) that created them.
import type { RunError } from './run-types';

const NOT_FOUND_CODES = new Set(['not_found', 'previous_response_not_found', 'response_not_found']);

/** For a 404, or a previous_response_id that was not found: the user the request acted as, and what to try. */
export function describeScope(error: Pick<RunError, 'code' | 'httpStatus' | 'param'>, headers: Record<string, string>): string | null {
  const isNotFound = error.httpStatus === 404 || NOT_FOUND_CODES.has(error.code ?? '') || (error.param ?? '').includes('previous_response_id');
  if (!isNotFound) return null;
  const user = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-on-behalf-of')?.[1]?.trim();
  return user
    ? `Looked up acting as ${user} (X-On-Behalf-Of). Stored responses are scoped to the user that created them: if another user (or no user) created it, act as that user instead.`
    : 'Looked up acting as no user (no X-On-Behalf-Of). Stored responses are scoped to the user that created them: if it was created acting as a user, act as that user (the "Acting as user" field) to see it.';
}
