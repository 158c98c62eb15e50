'use client';
// The chain index (GET /api/chains) through react-query, optionally for one X-On-Behalf-Of user.
import { useQuery } from '@tanstack/react-query';
import { chainIndexSchema, type ChainIndex } from '@/lib/chains/schema';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';

function fetchChainIndex(user: string | null, signal: AbortSignal): Promise<ChainIndex> {
  const query = user === null ? '' : `?${new URLSearchParams({ on_behalf_of: user })}`;
  return fetchJson(`/api/chains${query}`, { signal }, chainIndexSchema);
}

/** `user` undefined lists everyone; a string (empty for the no-user scope) lists that user's entries. */
export function useChainIndex(user: string | undefined) {
  return useQuery({
    queryKey: queryKeys.chainIndexFor(user ?? null),
    queryFn: ({ signal }) => fetchChainIndex(user === undefined ? null : user, signal),
  });
}
