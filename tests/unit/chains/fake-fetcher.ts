// A fake ChainFetcher over in-memory responses, input item pages and index entries, counting every call.
import type { ApiFailure } from '@/lib/chains/broken-link';
import type { ChainEntry } from '@/lib/chains/schema';
import type { InputItemList, RetrievedResponse } from '@/lib/schema/response';
import type { ChainFetcher, FetchResult, InputItem } from '@/lib/chains/walk';

export interface FakeWorld {
  responses: Record<string, RetrievedResponse>;
  inputItems?: Record<string, InputItem[]>;
  failures?: Record<string, ApiFailure>;
  index?: Record<string, ChainEntry>;
  pageSize?: number;
}

export function entry(id: string, fields: Partial<ChainEntry> = {}): ChainEntry {
  return {
    id,
    previous_response_id: null,
    conversation_id: null,
    model: 'local-agent',
    status: 'completed',
    on_behalf_of: null,
    stored: null,
    deleted: false,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    owner_id: null,
    shared: false,
    is_changeable: true,
    ...fields,
  };
}

export function response(id: string, previous: string | null): RetrievedResponse {
  return { id, object: 'response', status: 'completed', model: 'local-agent', previous_response_id: previous, output: [{ type: 'message', id: `msg_${id}` }] };
}

export function createFakeFetcher(world: FakeWorld) {
  const calls: string[] = [];
  const notFound: ApiFailure = { status: 404, message: 'Response not found.', code: null };
  const fetcher: ChainFetcher = {
    async retrieve(id): Promise<FetchResult<RetrievedResponse>> {
      calls.push(`retrieve ${id}`);
      const failure = world.failures?.[id];
      if (failure) return { ok: false, failure };
      const found = world.responses[id];
      return found ? { ok: true, value: found } : { ok: false, failure: notFound };
    },
    async listInputItems(id, after): Promise<FetchResult<InputItemList>> {
      calls.push(`input_items ${id} after=${after ?? '-'}`);
      const all = world.inputItems?.[id] ?? [];
      const size = world.pageSize ?? 100;
      const start = after ? all.findIndex((item) => item.id === after) + 1 : 0;
      const data = all.slice(start, start + size);
      const last = data.at(-1);
      return {
        ok: true,
        value: { object: 'list', data, first_id: (data[0]?.id as string) ?? null, last_id: (last?.id as string) ?? null, has_more: start + size < all.length },
      };
    },
    async lookupIndex(id) {
      calls.push(`index ${id}`);
      return world.index?.[id] ?? null;
    },
  };
  return { fetcher, calls };
}
