// The browser's one fetcher for the playground's own API: JSON in, parsed JSON out, or the typed ApiError the envelope describes.
import { ApiError } from '@/lib/schema/api-error';
import { checkResponseIdText } from '@/lib/schema/response-id';

export interface FetchJsonInit extends RequestInit {
  /** Sent as the JSON body (with its Content-Type). */
  json?: unknown;
}

/**
 * What checks a reply's JSON: a zod schema, or a zod-free check with the same `safeParse` contract (for replies a page
 * reads as it loads, so that it need not load zod for them).
 */
export interface ReplyShape<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/** The playground routes that take a response id in their path. */
export type ResponseIdRoute = 'responses' | 'jobs' | 'chains';

/**
 * `/api/{route}/{id}` (plus an action such as `cancel`, `input_items`, `deleted`) with the id checked by the one rule
 * (lib/schema/response-id.ts: without zod, as this fetcher is on every page) and percent-encoded as one segment. A
 * refused id throws the 400 ApiError naming `param`, the answer the route would give, so it is shown where the id came
 * from and never sent.
 */
export function apiUrlForId(route: ResponseIdRoute, id: string, action?: string, param = 'id'): string {
  return `/api/${route}/${encodeURIComponent(checkResponseIdText(id, param))}${action ? `/${action}` : ''}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Calls `url` and returns its JSON body (checked by `schema` when given). A non-2xx reply throws ApiError with the
 * envelope's fields (or the status when there is no envelope); an unreachable server throws ApiError status 0; an abort is rethrown.
 */
export async function fetchJson<T = unknown>(url: string, init: FetchJsonInit = {}, schema?: ReplyShape<T>): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'The playground could not be reached.', { code: 'network_error' });
  }
  const text = await response.text().catch((error: unknown) => {
    if (isAbort(error)) throw error;
    return '';
  });
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw ApiError.fromReply(response.status, body) ?? new ApiError(response.status, response.statusText || `The server answered ${response.status}.`);
  }
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'The reply was not the expected JSON shape.', { code: 'unexpected_reply' });
  return parsed.data;
}
