'use client';
// The open thread lives in the URL (?response= names its newest response, &branch_of= the thread a branch was taken from)
// and in this tab's sessionStorage, so a reload, a visit to another page, an "Open result" link (&on_behalf_of= its user)
// or a ?response= link clicked on this page reopens the whole chain, root first. ?previous_response_id= (Continue from
// here on /chains) opens the chain it names the same way, ready for the next turn.
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseRun } from '@/components/transcript/use-run';
import { fetchIndexEntry } from '@/lib/chains/http-fetcher';
import type { ChainEntry } from '@/lib/chains/schema';

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

export interface ReadChain {
  /** Root first (or the oldest turn read, when cut). */
  links: ChainLink[];
  /** Set when the walk stopped at MAX_OPENED_TURNS: the response before the oldest link read. */
  olderFrom: string | null;
}

/** A branch of the open thread: the response branched from, and where it sits in the thread it was taken from. */
export interface Branch {
  id: string;
  turn: number;
  of: number;
  /** That whole thread, reopened when the branch chip is removed. */
  thread: ChainLink[];
}

/** The open thread was cut at MAX_OPENED_TURNS: what comes before it, and its newest response (for /chains). */
export interface ThreadCut {
  olderFrom: string;
  leaf: string;
}

interface RequestedThread {
  id: string;
  /** Came from a "continue" link: the composer is cleared for the next turn. */
  isContinue: boolean;
  /** The leaf of the thread `id` was branched from: the thread reopens as that branch. */
  branchOf: string | null;
  /** The user the thread belongs to (null: keep the draft's X-On-Behalf-Of). */
  onBehalfOf: string | null;
}

interface StoredThread {
  id: string;
  branchOf: string | null;
}

function readStored(): StoredThread | null {
  try {
    const text = window.sessionStorage.getItem(OPEN_THREAD_STORAGE_KEY);
    if (!text) return null;
    // Older tabs stored the bare id.
    if (!text.startsWith('{')) return { id: text, branchOf: null };
    const stored = JSON.parse(text) as Partial<StoredThread>;
    return typeof stored.id === 'string' ? { id: stored.id, branchOf: typeof stored.branchOf === 'string' ? stored.branchOf : null } : null;
  } catch {
    return null;
  }
}

function writeStored(thread: StoredThread | null): void {
  try {
    if (thread) window.sessionStorage.setItem(OPEN_THREAD_STORAGE_KEY, JSON.stringify(thread));
    else window.sessionStorage.removeItem(OPEN_THREAD_STORAGE_KEY);
  } catch {
    // Without storage the URL alone remembers the thread.
  }
}

/** Read from the router's params: on a client-side navigation, window.location may still show the page left. */
function readRequestedThread(params: URLSearchParams, isArrival: boolean): RequestedThread | null {
  const onBehalfOf = params.get('on_behalf_of');
  const previous = params.get('previous_response_id');
  if (previous) return { id: previous, isContinue: true, branchOf: null, onBehalfOf };
  const id = params.get('response');
  if (id) return { id, isContinue: false, branchOf: params.get('branch_of'), onBehalfOf };
  const stored = isArrival ? readStored() : null;
  return stored ? { ...stored, isContinue: false, onBehalfOf: null } : null;
}

async function readInputItems(id: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown[]> {
  const reply = await fetch(responsePath(id, `/input_items?order=desc&limit=${INPUT_ITEMS_LIMIT}`), { headers, signal, cache: 'no-store' });
  if (!reply.ok) return [];
  const page = (await reply.json().catch(() => null)) as { data?: unknown } | null;
  return Array.isArray(page?.data) ? [...page.data].reverse() : [];
}

/** Walks previous_response_id from `leafId` back to the root; a response that cannot be read ends the walk. */
export async function readChain(leafId: string, headers: Record<string, string>, signal?: AbortSignal): Promise<ReadChain> {
  const links: ChainLink[] = [];
  const seen = new Set<string>();
  let id: string | null = leafId;
  while (id && !seen.has(id) && links.length < MAX_OPENED_TURNS) {
    seen.add(id);
    const reply: Response = await fetch(responsePath(id), { headers, signal, cache: 'no-store' });
    if (!reply.ok) {
      // Another id of a response the chain index knows (a gateway that echoes its backend's id as the parent): go on from its run id.
      const entry: ChainEntry | null = await fetchIndexEntry(id, signal).catch(() => null);
      if (entry && entry.id !== id) {
        id = entry.id;
        continue;
      }
      links.unshift({ id });
      return { links, olderFrom: null };
    }
    const response = (await reply.json().catch(() => null)) as { previous_response_id?: unknown } | null;
    links.unshift({ id, input: await readInputItems(id, headers, signal) });
    id = typeof response?.previous_response_id === 'string' ? response.previous_response_id : null;
  }
  return { links, olderFrom: id && !seen.has(id) ? id : null };
}

export interface OpenThread {
  isOpening: boolean;
  /** Set while the thread shown is a branch of an earlier turn. */
  branch: Branch | null;
  /** Set when the open thread's older turns were left out. */
  cut: ThreadCut | null;
  /** Replaces the transcript with `chain` (root first), each turn read from the gateway. */
  openLinks(chain: readonly ChainLink[]): Promise<void>;
  /** Reopens `thread` up to `end` (0-based) as a branch: the next send continues from there. */
  openBranch(thread: ChainLink[], end: number): Promise<void>;
  /** Reopens the whole thread the branch was taken from. */
  leaveBranch(): void;
  /** The branch was sent from: the thread is an ordinary one from here on. */
  endBranch(): void;
  /** Stops an opening under way and forgets the thread's branch and cut (New request, leaving the thread). */
  cancel(): void;
}

/** The query this page last wrote into its own URL (one playground per page), so its echo is not taken for a clicked link. */
let lastWrittenUrlKey: string | null = null;

export function useOpenThread({ run, head, headers, onOpened, onActAs }: {
  run: ResponseRun;
  /** The response the next send continues (null while running or with nothing open). */
  head: string | null;
  headers: () => Record<string, string>;
  /** Called once the chain a link asked for is open; `isContinue` when it came from a continue link. */
  onOpened: (isContinue: boolean) => void;
  /** A link names the user its thread belongs to: act as them before reading it. */
  onActAs: (user: string) => void;
}): OpenThread {
  const params = useSearchParams();
  const urlKey = params.toString();
  const [requested, setRequested] = useState(() => readRequestedThread(new URLSearchParams(urlKey), true));
  const [isOpening, setOpening] = useState(requested !== null);
  const [branch, setBranch] = useState<Branch | null>(null);
  const [cut, setCut] = useState<ThreadCut | null>(null);
  // A link clicked on this page changes the URL without a remount: a thread other than the open one is opened.
  const [seenUrlKey, setSeenUrlKey] = useState(urlKey);
  if (urlKey !== seenUrlKey) {
    setSeenUrlKey(urlKey);
    const next = readRequestedThread(new URLSearchParams(urlKey), false);
    // Our own replaceState reaches useSearchParams a render or more later, when `head` may have moved on (a send started): not a link.
    if (next && next.id !== head && urlKey !== lastWrittenUrlKey) {
      setRequested(next);
      setOpening(true);
    }
  }

  const generation = useRef(0);
  const latest = useRef({ run, headers, onOpened, onActAs });
  useEffect(() => {
    latest.current = { run, headers, onOpened, onActAs };
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

  const openBranch = useCallback(
    (thread: ChainLink[], end: number) => {
      const id = thread[end]?.id;
      if (!id) return Promise.resolve();
      setBranch({ id, turn: end + 1, of: thread.length, thread });
      return openLinks(thread.slice(0, end + 1));
    },
    [openLinks],
  );

  useEffect(() => {
    if (!requested) return;
    let isCancelled = false;
    const mine = generation.current;
    const open = async () => {
      if (requested.onBehalfOf !== null) latest.current.onActAs(requested.onBehalfOf);
      const leaf = requested.branchOf ?? requested.id;
      let chain: ReadChain = { links: [{ id: leaf }], olderFrom: null };
      try {
        chain = await readChain(leaf, latest.current.headers());
      } catch {
        // Unreachable proxy: opening the leaf alone shows the error in its turn.
      }
      if (generation.current !== mine) return;
      setCut(chain.olderFrom ? { olderFrom: chain.olderFrom, leaf } : null);
      const end = requested.branchOf ? chain.links.findIndex((link) => link.id === requested.id) : -1;
      if (end >= 0 && end < chain.links.length - 1) {
        await openBranch(chain.links, end);
      } else {
        setBranch(null);
        await openLinks(chain.links);
      }
      if (!isCancelled) latest.current.onOpened(requested.isContinue);
    };
    void open();
    const current = generation;
    return () => {
      isCancelled = true;
      current.current += 1;
    };
  }, [requested, openLinks, openBranch]);

  // The URL and this tab remember the thread's newest response (and the branch); leaving the thread forgets it.
  const turnCount = run.turns.length;
  const branchOf = branch && head === branch.id ? (branch.thread.at(-1)?.id ?? null) : null;
  useEffect(() => {
    if (isOpening || window.location.pathname !== '/') return;
    const url = new URL(window.location.href);
    url.searchParams.delete('previous_response_id');
    url.searchParams.delete('on_behalf_of');
    if (head) url.searchParams.set('response', head);
    else if (turnCount === 0) url.searchParams.delete('response');
    else return;
    if (branchOf) url.searchParams.set('branch_of', branchOf);
    else url.searchParams.delete('branch_of');
    writeStored(head ? { id: head, branchOf } : null);
    lastWrittenUrlKey = url.searchParams.toString();
    if (url.toString() !== window.location.href) window.history.replaceState(null, '', url.toString());
  }, [head, branchOf, turnCount, isOpening]);

  const leaveBranch = useCallback(() => {
    if (!branch) return;
    setBranch(null);
    void openLinks(branch.thread);
  }, [branch, openLinks]);

  const endBranch = useCallback(() => setBranch(null), []);

  const cancel = useCallback(() => {
    generation.current += 1;
    setOpening(false);
    setBranch(null);
    setCut(null);
  }, []);

  return { isOpening, branch, cut, openLinks, openBranch, leaveBranch, endBranch, cancel };
}
