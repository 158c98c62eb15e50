'use client';
// The open thread lives in the URL (?response= names its newest response) and in this tab's sessionStorage, so a reload,
// a visit to another page, or an "Open result" link reopens the whole chain, root first. ?previous_response_id= (Continue
// from here on /chains) opens the chain it names the same way, ready for the next turn.
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseRun } from '@/components/transcript/use-run';

export const OPEN_THREAD_STORAGE_KEY = 'playground.openThread';
/** A longer chain opens from its newest turns back: the page stays usable. */
export const MAX_OPENED_TURNS = 50;
const INPUT_ITEMS_LIMIT = 100;

function responsePath(id: string, query = ''): string {
  return `/api/responses/${encodeURIComponent(id)}${query}`;
}

export interface ChainLink {
  id: string;
  /** What it was sent (text or input items, oldest first); absent when unknown (its turn then shows its id). */
  input?: unknown;
}

interface RequestedThread {
  id: string;
  /** Came from a "continue" link: the composer is cleared for the next turn. */
  isContinue: boolean;
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(OPEN_THREAD_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(OPEN_THREAD_STORAGE_KEY, id);
    else window.sessionStorage.removeItem(OPEN_THREAD_STORAGE_KEY);
  } catch {
    // Without storage the URL alone remembers the thread.
  }
}

/** Read from the router's params: on a client-side navigation, window.location may still show the page left. */
function readRequestedThread(params: URLSearchParams): RequestedThread | null {
  const previous = params.get('previous_response_id');
  if (previous) return { id: previous, isContinue: true };
  const id = params.get('response') ?? readStored();
  return id ? { id, isContinue: false } : null;
}

async function readInputItems(id: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown[]> {
  const reply = await fetch(responsePath(id, `/input_items?order=desc&limit=${INPUT_ITEMS_LIMIT}`), { headers, signal, cache: 'no-store' });
  if (!reply.ok) return [];
  const page = (await reply.json().catch(() => null)) as { data?: unknown } | null;
  return Array.isArray(page?.data) ? [...page.data].reverse() : [];
}

/** Walks previous_response_id from `leafId` back to the root; a response that cannot be read ends the walk. */
export async function readChain(leafId: string, headers: Record<string, string>, signal?: AbortSignal): Promise<ChainLink[]> {
  const chain: ChainLink[] = [];
  const seen = new Set<string>();
  let id: string | null = leafId;
  while (id && !seen.has(id) && chain.length < MAX_OPENED_TURNS) {
    seen.add(id);
    const reply: Response = await fetch(responsePath(id), { headers, signal, cache: 'no-store' });
    if (!reply.ok) {
      chain.unshift({ id });
      break;
    }
    const response = (await reply.json().catch(() => null)) as { previous_response_id?: unknown } | null;
    chain.unshift({ id, input: await readInputItems(id, headers, signal) });
    id = typeof response?.previous_response_id === 'string' ? response.previous_response_id : null;
  }
  return chain;
}

export interface OpenThread {
  isOpening: boolean;
  /** Replaces the transcript with `chain` (root first), each turn read from the gateway. */
  openLinks(chain: readonly ChainLink[]): Promise<void>;
  /** Stops an opening under way (New request). */
  cancel(): void;
}

export function useOpenThread({ run, head, headers, onOpened }: {
  run: ResponseRun;
  /** The response the next send continues (null while running or with nothing open). */
  head: string | null;
  headers: () => Record<string, string>;
  /** Called once the chain a link asked for is open; `isContinue` when it came from a continue link. */
  onOpened: (isContinue: boolean) => void;
}): OpenThread {
  const params = useSearchParams();
  const [requested] = useState(() => readRequestedThread(new URLSearchParams(params.toString())));
  const [isOpening, setOpening] = useState(requested !== null);
  const generation = useRef(0);
  const latest = useRef({ run, headers, onOpened });
  useEffect(() => {
    latest.current = { run, headers, onOpened };
  });

  const openLinks = useCallback(async (chain: readonly ChainLink[]) => {
    generation.current += 1;
    const mine = generation.current;
    setOpening(true);
    const { run: current, headers: read } = latest.current;
    current.reset();
    try {
      for (const link of chain) {
        if (generation.current !== mine) return;
        await latest.current.run.load(link.id, read(), link.input);
      }
    } finally {
      if (generation.current === mine) setOpening(false);
    }
  }, []);

  /** Replaces the transcript with the chain ending at `leafId` (the caller has already said it is opening). */
  const openChain = useCallback(
    async (leafId: string) => {
      const mine = generation.current;
      let chain: ChainLink[] = [{ id: leafId }];
      try {
        chain = await readChain(leafId, latest.current.headers());
      } catch {
        // Unreachable proxy: opening the leaf alone shows the error in its turn.
      }
      if (generation.current === mine) await openLinks(chain);
    },
    [openLinks],
  );

  useEffect(() => {
    if (!requested) return;
    let isCancelled = false;
    void openChain(requested.id).then(() => {
      if (!isCancelled) latest.current.onOpened(requested.isContinue);
    });
    const current = generation;
    return () => {
      isCancelled = true;
      current.current += 1;
    };
  }, [requested, openChain]);

  // The URL and this tab remember the thread's newest response; leaving the thread (New request) forgets it.
  const turnCount = run.turns.length;
  useEffect(() => {
    if (isOpening || window.location.pathname !== '/') return;
    const url = new URL(window.location.href);
    url.searchParams.delete('previous_response_id');
    if (head) url.searchParams.set('response', head);
    else if (turnCount === 0) url.searchParams.delete('response');
    else return;
    writeStored(head);
    if (url.toString() !== window.location.href) window.history.replaceState(null, '', url.toString());
  }, [head, turnCount, isOpening]);

    const cancel = useCallback(() => {
    generation.current += 1;
    setOpening(false);
  }, []);

  return { isOpening, openLinks, cancel };
}
