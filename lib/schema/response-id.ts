// The one response-id rule as plain checks (no zod): the browser's one fetcher builds id URLs with it on every page, and
// the shell should not load the schema library for that. responseIdSchema (response.ts) is the same rule for zod schemas.
import { ApiError } from './api-error';

/** Ids of other gateways are opaque (hundreds of characters of base64url, `=`, `:`...): see docs/protocol.md, "Response ids". */
export const RESPONSE_ID_MAX_LENGTH = 4096;
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** What a refusal says after "The response id (param)", one sentence end per check, in the order they are checked. */
export const RESPONSE_ID_REFUSALS = {
  empty: 'is required',
  tooLong: `must be at most ${RESPONSE_ID_MAX_LENGTH} characters`,
  unprintable: 'must not contain control characters or lone surrogates',
  dotSegment: 'must not be "." or ".."',
} as const;

export function hasUnprintable(id: string): boolean {
  return UNPRINTABLE.test(id);
}

/** `.` and `..` would move the upstream path, percent-encoded or not. */
export function isDotSegment(id: string): boolean {
  return id === '.' || id === '..';
}

/** The first check `id` fails (the words of its refusal), or null when it is a response id. */
export function findResponseIdRefusal(id: string): string | null {
  if (id.length < 1) return RESPONSE_ID_REFUSALS.empty;
  if (id.length > RESPONSE_ID_MAX_LENGTH) return RESPONSE_ID_REFUSALS.tooLong;
  if (hasUnprintable(id)) return RESPONSE_ID_REFUSALS.unprintable;
  if (isDotSegment(id)) return RESPONSE_ID_REFUSALS.dotSegment;
  return null;
}

/** `id` under the rule, or the 400 ApiError naming `param` that requireResponseId (response.ts) throws for it. */
export function checkResponseIdText(id: string, param = 'id'): string {
  const refusal = typeof id === 'string' ? findResponseIdRefusal(id) : 'must be text';
  if (refusal) throw new ApiError(400, `The response id (${param}) ${refusal}.`, { type: 'invalid_request_error', param, code: 'invalid_id' });
  return id;
}
