'use client';
// Runs a chain walk (or a conversation's list of turns) through the proxy, publishing each turn as it arrives.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { normalizeUser } from '@/lib/chains/broken-link';
import { createHttpChainFetcher } from '@/lib/chains/http-fetcher';
import { loadTurns, walkChain, type ChainTurn, type WalkEnd } from '@/lib/chains/walk';
import { queryKeys } from '@/lib/http/query-keys';

export type TurnsSource = { kind: 'chain'; leafId: string } | { kind: 'list'; ids: readonly string[] };

export interface TurnsState {
  /** Root first for a chain; in the given order for a list. */
  turns: ChainTurn[];
  isLoading: boolean;
  end: WalkEnd | null;
  error: string | null;
}

const INITIAL: TurnsState = { turns: [], isLoading: true, end: null, error: null };

export function useChainTurns(source: TurnsSource | null, onBehalfOf: string, include: readonly string[] = []): TurnsState & { reload: () => void } {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const sourceKey = source ? (source.kind === 'chain' ? `chain:${source.leafId}` : `list:${source.ids.join(',')}`) : '';
  const runKey = `${sourceKey}|${onBehalfOf}|${include.join(',')}|${generation}`;
  // State is tagged with the run that produced it, so a new run starts from INITIAL without a reset inside the effect.
  const [tagged, setTagged] = useState<{ runKey: string; state: TurnsState }>({ runKey, state: INITIAL });
  const state = tagged.runKey === runKey ? tagged.state : INITIAL;

  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const user = normalizeUser(onBehalfOf);
    const fetcher = createHttpChainFetcher({ onBehalfOf: user, include, signal: controller.signal });
    const options = { currentUser: user };
    const setState = (update: (previous: TurnsState) => TurnsState) =>
      setTagged((previous) => ({ runKey, state: update(previous.runKey === runKey ? previous.state : INITIAL) }));

    const run = async () => {
      const isChain = source.kind === 'chain';
      const generator = isChain ? walkChain(source.leafId, fetcher, options) : loadTurns(source.ids, fetcher, options);
      let next = await generator.next();
      while (!next.done) {
        if (controller.signal.aborted) return;
        const turn = next.value;
        setState((previous) => ({ ...previous, turns: isChain ? [turn, ...previous.turns] : [...previous.turns, turn] }));
        next = await generator.next();
      }
      if (controller.signal.aborted) return;
      setState((previous) => ({ ...previous, isLoading: false, end: next.value ?? 'root' }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.chainIndex });
    };
    run().catch((error: Error) => {
      if (controller.signal.aborted) return;
      setState((previous) => ({ ...previous, isLoading: false, error: error.message }));
    });
    return () => controller.abort();
    // runKey stands for source, user and include: a new array with the same ids must not restart the walk.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey, queryClient]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
