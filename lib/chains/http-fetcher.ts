// The browser's ChainFetcher: retrieves through the proxy (/api/responses) as the acting user, reads the index at /api/chains.
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { ApiError } from '@/lib/schema/errors';
import { conversationIdOf, inputItemListSchema, retrievedResponseSchema, type RetrievedResponse } from '@/lib/schema/response';
import { chainEntrySchema, type ChainEntry, type RecordSeenBody } from './schema';
import type { ChainFetcher, FetchResult } from './walk';
import type { z } from 'zod';

export const INPUT_ITEMS_PAGE_LIMIT = 100;

export function onBehalfOfHeaders(onBehalfOf: string | null): Record<string, string> {
  const user = onBehalfOf?.trim();
  return user ? { 'X-On-Behalf-Of': user } : {};
}

/**
 * The shared fetcher's ApiError as the walker's failure value (status 0: unreachable); aborts still throw. `url` is built
 * inside: an id the one rule refuses (a gateway can name any parent) fails as the route would refuse it, without a request.
 */
async function getJson<T>(url: () => string, schema: z.ZodType<T>, init: RequestInit): Promise<FetchResult<T>> {
  try {
    return { ok: true, value: await fetchJson(url(), init, schema) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, failure: { status: error.status, message: error.message, code: error.code === 'network_error' ? null : error.code } };
  }
}

export function toRecordBody(response: RetrievedResponse): RecordSeenBody {
  return {
    id: response.id,
    previous_response_id: response.previous_response_id ?? null,
    conversation: conversationIdOf(response),
    model: response.model ?? null,
    status: response.status ?? null,
    store: response.store ?? null,
  };
}

/** Tells the index what a lookup saw; best effort (the proxy records too), so failures are ignored. */
export async function recordLookup(response: RetrievedResponse, onBehalfOf: string | null): Promise<void> {
  await fetch('/api/chains', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...onBehalfOfHeaders(onBehalfOf) },
    body: JSON.stringify(toRecordBody(response)),
  }).catch(() => undefined);
}

export async function fetchIndexEntry(id: string, signal?: AbortSignal): Promise<ChainEntry | null> {
  const result = await getJson(() => apiUrlForId('chains', id), chainEntrySchema, { signal });
  return result.ok ? result.value : null;
}

/** `include[]=a&include[]=b`, the form the gateway (and the node SDK) uses for query arrays. */
function includeQuery(include: readonly string[]): string {
  return include.map((value) => `include[]=${encodeURIComponent(value)}`).join('&');
}

export function createHttpChainFetcher(options: { onBehalfOf: string | null; include?: readonly string[]; signal?: AbortSignal }): ChainFetcher {
  const init: RequestInit = { headers: onBehalfOfHeaders(options.onBehalfOf), signal: options.signal, cache: 'no-store' };
  const include = includeQuery(options.include ?? []);
  return {
    async retrieve(id) {
      const result = await getJson(() => `${apiUrlForId('responses', id)}${include ? `?${include}` : ''}`, retrievedResponseSchema, init);
      if (result.ok) void recordLookup(result.value, options.onBehalfOf);
      return result;
    },
    async listInputItems(id, after) {
      const query = new URLSearchParams({ limit: String(INPUT_ITEMS_PAGE_LIMIT), order: 'asc' });
      if (after) query.set('after', after);
      return getJson(() => `${apiUrlForId('responses', id, 'input_items')}?${query}`, inputItemListSchema, init);
    },
    lookupIndex: (id) => fetchIndexEntry(id, options.signal),
  };
}
