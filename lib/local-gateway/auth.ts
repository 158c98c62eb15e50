// Bearer-key check and the owner scope (API key, X-On-Behalf-Of) every stored response belongs to.
import { timingSafeEqual } from 'node:crypto';
import { parseOnBehalfOf } from '@/lib/schema';
import { ApiError } from '@/lib/schema/errors';
import type { GatewayRequest } from './exchange';
import { hashOwner } from './ids';

export interface Caller {
  ownerKey: string;
  onBehalfOf: string | null;
  /** Hash of the API key alone: what limits count against (X-On-Behalf-Of is the client's choice). */
  keyId: string;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Resolves the caller or throws 401 (missing/unknown key) or 400 (bad X-On-Behalf-Of). */
export function authenticate(request: GatewayRequest, apiKeys: readonly string[]): Caller {
  const header = request.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) {
    throw new ApiError(401, 'You did not provide an API key. Send it in the Authorization header as "Bearer <API key>".', {
      code: 'invalid_api_key',
    });
  }
  const key = match[1].trim();
  if (!apiKeys.some((expected) => sameKey(key, expected))) {
    throw new ApiError(401, 'Incorrect API key provided.', { code: 'invalid_api_key' });
  }
  const onBehalfOf = parseOnBehalfOf(request.header('x-on-behalf-of'));
  if (!onBehalfOf.ok) throw ApiError.fromBody(400, onBehalfOf.error);
  return { ownerKey: hashOwner(key, onBehalfOf.value), onBehalfOf: onBehalfOf.value, keyId: hashOwner(key, null) };
}
