'use client';
// The chain index (GET /api/chains) through react-query, optionally for one X-On-Behalf-Of user.
import { useQuery } from '@tanstack/react-query';
import { chainIndexSchema, type ChainIndex } from '@/lib/chains/schema';
import { readFailure } from '@/lib/chains/http-fetcher';

export const CHAIN_INDEX_QUERY_KEY = ['chains', 'index'] as const;

async function fetchChainIndex(user: string | null, signal: AbortSignal): Promise<ChainIndex> {
  const query = user === null ? '' : `?${new URLSearchParams({ on_behalf_of: user })}`;
  const response = await fetch(`/api/chains${query}`, { signal, cache: 'no-store' });
  if (!response.ok) {
    const failure = await readFailure(response);
    throw new Error(`The chain index answered ${failure.status}${failure.message ? `: ${failure.message}` : ''}`);
  }
  return chainIndexSchema.parse(await response.json());
}

/** `user` undefined lists everyone; a string (empty for the no-user scope) lists that user's entries. */
export function useChainIndex(user: string | undefined) {
  return useQuery({
    queryKey: [...CHAIN_INDEX_QUERY_KEY, user ?? null],
    queryFn: ({ signal }) => fetchChainIndex(user === undefined ? null : user, signal),
  });
}
