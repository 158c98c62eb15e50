// Reads what the browser sent: size-limited body, JSON, the create schema, X-On-Behalf-Of and an opt-in browser key.
import 'server-only';
import type { Env } from '@/lib/env-schema';
import { readBodyText } from '@/lib/http/body';
import { ApiError, parseCreateResponseBody, parseOnBehalfOf } from '@/lib/schema';

export const BROWSER_KEY_HEADER = 'x-gateway-api-key';

export interface CreateRequest {
  /** The original body text, forwarded untouched (unknown fields included). */
  text: string;
  /** The same body parsed as JSON (not the schema's defaulted output), for recording. */
  json: Record<string, unknown>;
}

/** Bad JSON → 400 invalid_json; schema failure → 400 with `param` naming the field path. */
export async function readCreateRequest(request: Request, env: Env): Promise<CreateRequest> {
  const text = await readBodyText(request, { bytes: env.PROXY_BODY_LIMIT_BYTES, name: 'PROXY_BODY_LIMIT_BYTES' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', { code: 'invalid_json' });
  }
  const parsed = parseCreateResponseBody(json);
  if (!parsed.ok) throw ApiError.fromBody(400, parsed.error);
  return { text, json: json as Record<string, unknown> };
}

/** The X-On-Behalf-Of header exactly as received when valid, null when absent; 400 naming the header otherwise. */
export function readOnBehalfOf(request: Request): string | null {
  const raw = request.headers.get('x-on-behalf-of');
  if (raw === null) return null;
  const parsed = parseOnBehalfOf(raw);
  if (!parsed.ok) {
    const { message, type, code } = parsed.error.error;
    throw new ApiError(400, /x-on-behalf-of/i.test(message) ? message : `X-On-Behalf-Of header: ${message}`, { type, param: 'X-On-Behalf-Of', code: code ?? 'invalid_on_behalf_of' });
  }
  return parsed.value === null ? null : raw;
}

/** The browser's own gateway key, honoured only when ALLOW_BROWSER_KEYS is on. */
export function readBrowserKey(request: Request, env: Env): string | null {
  if (!env.ALLOW_BROWSER_KEYS) return null;
  return request.headers.get(BROWSER_KEY_HEADER)?.trim() || null;
}

/** Copies the allowed query parameters (repeats and order kept) for forwarding. */
export function pickQuery(source: URLSearchParams, allowed: readonly string[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of source) if (allowed.includes(name)) query.append(name, value);
  return query;
}
