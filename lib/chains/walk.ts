// Pure: walks previous_response_id from a response back to its root, one retrieve per turn, through a fetcher it is given.
import { explainBrokenLink, type ApiFailure, type BrokenLinkExplanation } from './broken-link';
import type { InputItemList, RetrievedResponse } from '@/lib/schema/response';
import type { ChainEntry } from './schema';

export type FetchResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };
export type InputItem = Record<string, unknown>;

/** What the walk needs from the outside world (the proxy and the index in the app, fakes in tests). */
export interface ChainFetcher {
  retrieve(id: string): Promise<FetchResult<RetrievedResponse>>;
  listInputItems(id: string, after: string | null): Promise<FetchResult<InputItemList>>;
  lookupIndex(id: string): Promise<ChainEntry | null>;
}

export type ChainTurn =
  | { kind: 'turn'; id: string; response: RetrievedResponse; inputItems: InputItem[]; inputItemsFailure: ApiFailure | null }
  | { kind: 'broken'; id: string; failure: ApiFailure; entry: ChainEntry | null; explanation: BrokenLinkExplanation };

/** Why the walk stopped before reaching a root it could read. */
export type WalkEnd = 'root' | 'unknown_parent' | 'cycle' | 'too_long';

export interface WalkOptions {
  currentUser: string | null;
  maxTurns?: number;
  maxInputItemPages?: number;
}

export const DEFAULT_MAX_TURNS = 500;

/** Every page of a response's input items (following `after = last_id` while `has_more`), oldest first. */
export async function fetchAllInputItems(
  fetcher: Pick<ChainFetcher, 'listInputItems'>,
  id: string,
  maxPages = 1_000,
): Promise<FetchResult<InputItem[]>> {
  const items: InputItem[] = [];
  let after: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await fetcher.listInputItems(id, after);
    if (!result.ok) return result;
    items.push(...result.value.data);
    const next = result.value.last_id ?? null;
    if (!result.value.has_more) return { ok: true, value: items };
    if (!next || next === after) {
      return { ok: false, failure: { status: 200, message: 'input_items says has_more but gave no new last_id to continue after', code: null } };
    }
    after = next;
  }
  return { ok: false, failure: { status: 200, message: `input_items has more than ${maxPages} pages; stopped`, code: null } };
}

/** One turn: its retrieve, then every input item page; a failed retrieve becomes a broken turn explained from the index. */
export async function fetchTurn(id: string, fetcher: ChainFetcher, options: WalkOptions): Promise<ChainTurn> {
  const retrieved = await fetcher.retrieve(id);
  if (retrieved.ok) {
    const inputs = await fetchAllInputItems(fetcher, id, options.maxInputItemPages);
    return {
      kind: 'turn',
      id,
      response: retrieved.value,
      inputItems: inputs.ok ? inputs.value : [],
      inputItemsFailure: inputs.ok ? null : inputs.failure,
    };
  }
  const entry = await fetcher.lookupIndex(id);
  // An alias (another id the gateway gave a response the index knows, e.g. a backend id echoed as previous_response_id): read it by its run id.
  if (entry && entry.id !== id) return fetchTurn(entry.id, fetcher, options);
  return { kind: 'broken', id, failure: retrieved.failure, entry, explanation: explainBrokenLink(retrieved.failure, entry, options.currentUser) };
}

/**
 * Yields the turns leaf first (the caller shows them root first). A turn that cannot be retrieved is yielded as
 * broken, with its reason; the walk goes on through the parent the index remembers for it, when it knows one.
 * Returns why it stopped.
 */
export async function* walkChain(leafId: string, fetcher: ChainFetcher, options: WalkOptions): AsyncGenerator<ChainTurn, WalkEnd> {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const visited = new Set<string>();
  let id: string | null = leafId;
  while (id) {
    if (visited.has(id)) return 'cycle';
    if (visited.size >= maxTurns) return 'too_long';
    visited.add(id);
    const turn = await fetchTurn(id, fetcher, options);
    yield turn;
    if (turn.kind === 'turn') id = turn.response.previous_response_id ?? null;
    else if (!turn.entry) return 'unknown_parent';
    else id = turn.entry.previous_response_id;
  }
  return 'root';
}

/** Yields the given responses' turns in the given order (a conversation's responses, oldest first). */
export async function* loadTurns(ids: readonly string[], fetcher: ChainFetcher, options: WalkOptions): AsyncGenerator<ChainTurn, void> {
  for (const id of ids) yield await fetchTurn(id, fetcher, options);
}
