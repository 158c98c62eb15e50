'use client';
// The chain index (GET /api/chains) through react-query, optionally for one X-On-Behalf-Of user.
import { useQuery } from '@tanstack/react-query';
import { chainIndexReply } from '@/lib/chains/index-reply';
import type { ChainIndex } from '@/lib/chains/schema';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';

export type ChainIndexView = 'mine' | 'team' | 'all';

function fetchChainIndex(user: string | null, view: ChainIndexView, signal: AbortSignal): Promise<ChainIndex> {
  const query = new URLSearchParams({ view });
  if (user !== null) query.set('on_behalf_of', user);
  return fetchJson(`/api/chains?${query}`, { signal }, chainIndexReply);
}

/**
 * `user` undefined lists everyone; a string (empty for the no-user scope) lists that user's entries. With personal
 * sign-in `view` picks mine, the team's (shared, or from before sign-in) or both; without it everything is everyone's.
 */
export function useChainIndex(user: string | undefined, view: ChainIndexView = 'all') {
  return useQuery({
    queryKey: queryKeys.chainIndexFor(user ?? null, view),
    queryFn: ({ signal }) => fetchChainIndex(user === undefined ? null : user, view, signal),
  });
}
