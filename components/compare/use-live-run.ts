'use client';
// Follows a run over its server-sent events (GET …/runs/{run_id}/events, read by lib/sse): the snapshot, then every change,
// until `end`. A dropped connection is opened again (a new snapshot) while the run may still be going.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { parseSseStream } from '@/lib/sse/parse-sse';
import type { GridCell, GridRunEvent } from '@/lib/grids/wire';
import { LiveRunStore, type RunView } from './live-run-store';

const RECONNECT_MS = [500, 1_000, 2_000, 5_000];

export function runEventsUrl(gridId: string, runId: string): string {
  return `/api/grids/${encodeURIComponent(gridId)}/runs/${encodeURIComponent(runId)}/events`;
}

async function follow(url: string, store: LiveRunStore, signal: AbortSignal): Promise<'ended' | 'dropped'> {
  try {
    const response = await fetch(url, { signal, cache: 'no-store', headers: { Accept: 'text/event-stream' } });
    if (!response.ok || !response.body) return response.status === 404 ? 'ended' : 'dropped';
    for await (const message of parseSseStream(response.body)) {
      if (!message.event) continue;
      store.push({ event: message.event, data: JSON.parse(message.data) } as GridRunEvent);
      if (message.event === 'end') return 'ended';
    }
  } catch {
    // A drop (or our own abort) ends this read; the loop decides whether to open the stream again.
  }
  return 'dropped';
}

/**
 * The live run `runId` of grid `gridId` (null: none). `generation` changes force a fresh stream (a re-run of the same run).
 * `isConnected` is false while the page waits to open the stream again: what it shows may then be stale.
 */
export function useLiveRun(gridId: string, runId: string | null, generation = 0): { store: LiveRunStore; isConnected: boolean } {
  const [state, setState] = useState(() => ({ key: '', store: new LiveRunStore() }));
  const [isConnected, setConnected] = useState(true);
  const key = `${gridId}|${runId}|${generation}`;
  let store = state.store;
  if (state.key !== key) {
    store = new LiveRunStore();
    setState({ key, store });
  }

  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    void (async () => {
      for (let attempt = 0; !controller.signal.aborted; attempt += 1) {
        const outcome = await follow(runEventsUrl(gridId, runId), store, controller.signal);
        if (outcome === 'ended' || controller.signal.aborted) break;
        setConnected(false);
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]));
      }
      if (!controller.signal.aborted) setConnected(true);
    })();
    const onSnapshot = store.subscribe(() => setConnected(true));
    return () => {
      controller.abort();
      onSnapshot();
    };
  }, [gridId, runId, store]);
  return { store, isConnected };
}

export function useRunView(store: LiveRunStore): RunView {
  return useSyncExternalStore(store.subscribe, store.getView, store.getView);
}

export function useCell(store: LiveRunStore, key: string): GridCell | undefined {
  return useSyncExternalStore(
    (listener) => store.subscribeCell(key, listener),
    () => store.getCell(key),
    () => store.getCell(key),
  );
}
