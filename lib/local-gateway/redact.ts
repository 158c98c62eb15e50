// Credentials in a create body are used, never echoed or stored: the response object and the stored request keep a marker instead.
import { REDACTED_CREDENTIAL, redactCredentials as redactBody } from '@/lib/schema/credentials';
import type { JsonObject } from './agent/contract';

/** Stands in for a credential that was set (docs/protocol.md, "Credentials in requests"). */
export const REDACTED = REDACTED_CREDENTIAL;

/** The body as it may be echoed or stored: every credential of lib/schema/credentials.ts replaced by the marker. */
export function redactCredentials(body: JsonObject): JsonObject {
  return redactBody(body) as JsonObject;
}
