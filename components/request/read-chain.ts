// Reading an open thread's chain from the gateway, newest turn back to the root, each id checked by the one rule before it is fetched.
import { fetchIndexEntry } from '@/lib/chains/http-fetcher';
import type { ChainEntry } from '@/lib/chains/schema';
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { ApiError } from '@/lib/schema/api-error';
import { inputItemListSchema, retrievedResponseSchema, type RetrievedResponse } from '@/lib/schema/response';
import { MAX_OPENED_TURNS } from './thread-url';

export { MAX_OPENED_TURNS };
const INPUT_ITEMS_LIMIT = 100;

export interface ChainLink {
  id: string;
  /** What it was sent (text or input items, oldest first); absent when unknown (its turn then shows its id). */
  input?: unknown;
}

export interface ReadChain {
  /** Root first (or the oldest turn read, when cut). */
  links: ChainLink[];
  /** Set when the walk stopped at MAX_OPENED_TURNS: the response before the oldest link read. */
  olderFrom: string | null;
}

/**
 * The response `id` names, or null when it cannot be read: a refusal (an id the one rule refuses is never sent; its turn
 * then shows the refusal naming the field) or an answer that is not a response. An unreachable proxy throws.
 */
async function retrieve(id: string, headers: Record<string, string>, signal?: AbortSignal): Promise<RetrievedResponse | null> {
  let body: unknown;
  try {
    body = await fetchJson(apiUrlForId('responses', id), { headers, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  }
  const parsed = retrievedResponseSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** What `id` was sent, oldest first (the newest INPUT_ITEMS_LIMIT items); empty when they cannot be read. */
async function readInputItems(id: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown[]> {
  try {
    const page = inputItemListSchema.safeParse(await fetchJson(`${apiUrlForId('responses', id, 'input_items')}?order=desc&limit=${INPUT_ITEMS_LIMIT}`, { headers, signal }));
    return page.success ? [...page.data.data].reverse() : [];
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    return [];
  }
}

/** Walks previous_response_id from `leafId` back to the root; a response that cannot be read ends the walk. */
export async function readChain(leafId: string, headers: Record<string, string>, signal?: AbortSignal): Promise<ReadChain> {
  const links: ChainLink[] = [];
  const seen = new Set<string>();
  let id: string | null = leafId;
  while (id && !seen.has(id) && links.length < MAX_OPENED_TURNS) {
    seen.add(id);
    const response = await retrieve(id, headers, signal);
    if (!response) {
      // Another id of a response the chain index knows (a gateway that echoes its backend's id as the parent): go on from its run id.
      const entry: ChainEntry | null = await fetchIndexEntry(id, signal).catch(() => null);
      if (entry && entry.id !== id) {
        id = entry.id;
        continue;
      }
      links.unshift({ id });
      return { links, olderFrom: null };
    }
    links.unshift({ id, input: await readInputItems(id, headers, signal) });
    id = response.previous_response_id ?? null;
  }
  return { links, olderFrom: id && !seen.has(id) ? id : null };
}
