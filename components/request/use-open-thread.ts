'use client';
// The open thread: the chain a link, a reload or Continue asks for (the URL's ?response=, &branch_of=, &on_behalf_of=,
// ?previous_response_id=, kept by thread-url.ts) opened root first, branches of it, and the response the next send continues.
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { preloadProxyThread } from '@/components/transcript/lazy-thread';
import type { ResponseRun } from '@/components/transcript/use-run';
import type { ThreadPosition } from './context-chips';
import type { ChainLink, ReadChain } from './read-chain';
import { browserThreadUrl, ThreadUrlStore, type ThreadUrlPort } from './thread-url';

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

export interface OpenThread {
  /** The response the next send continues: the last turn's, once it exists, has settled and was stored. */
  head: string | null;
  /** What the context chips say about the next send. */
  position: ThreadPosition;
  /** A thread is shown or opening (an import then closes it). */
  isOpen: boolean;
  isOpening: boolean;
  /** Set while the thread shown is a branch of an earlier turn. */
  branch: Branch | null;
  /** Set when the open thread's older turns were left out. */
  cut: ThreadCut | null;
  /** Reopens the thread up to turn `at` (0-based): the next send continues from there, a new branch. */
  branchFrom(at: number): Promise<void>;
  /** Reopens the whole thread the branch was taken from. */
  leaveBranch(): void;
  /** The branch was sent from: the thread is an ordinary one from here on. */
  endBranch(): void;
  /** Stops an opening under way, forgets the thread's branch and cut and clears the transcript (New request, leaving the thread, an import). */
  close(): void;
}

/** The response a send continues from: the open thread's last response, once it exists and has settled. */
export function findThreadHead(run: Pick<ResponseRun, 'turns' | 'isRunning'>): string | null {
  const last = run.turns.at(-1);
  const id = last?.transcript.response?.id;
  if (!last || run.isRunning || typeof id !== 'string') return null;
  return last.transcript.response?.store === false ? null : id;
}

/** The open thread's turns as links to reopen: their response ids and what each sent. */
export function threadLinks(run: Pick<ResponseRun, 'turns'>): ChainLink[] {
  return run.turns.flatMap((turn) => {
    const id = turn.transcript.response?.id;
    return typeof id === 'string' ? [{ id, input: turn.request.body.input }] : [];
  });
}

/** One URL store per mounted playground, fed the router's query (links) and told what the page shows. */
function useThreadUrl(port: ThreadUrlPort): ThreadUrlStore {
  const search = useSearchParams().toString();
  const [store] = useState(() => new ThreadUrlStore(port, search));
  useEffect(() => store.navigated(search), [store, search]);
  return store;
}

export function useOpenThread({ run, headers, onOpened, onActAs, port = browserThreadUrl }: {
  run: ResponseRun;
  headers: () => Record<string, string>;
  /** Called once the chain a link asked for is open; `isContinue` when it came from a continue link. */
  onOpened: (isContinue: boolean) => void;
  /** A link names the user its thread belongs to: act as them before reading it. */
  onActAs: (user: string) => void;
  port?: ThreadUrlPort;
}): OpenThread {
  const urlStore = useThreadUrl(port);
  const requested = useSyncExternalStore(urlStore.subscribe, urlStore.getRequested, urlStore.getRequested);
  const [isOpening, setOpening] = useState(requested !== null);
  const [openingFor, setOpeningFor] = useState(requested);
  if (requested !== openingFor) {
    setOpeningFor(requested);
    setOpening(true);
  }
  const [branch, setBranch] = useState<Branch | null>(null);
  const [cut, setCut] = useState<ThreadCut | null>(null);
  const head = findThreadHead(run);

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
        // The chain reader (and the response schema) and the run machine load beside each other, with the first thread opened.
        void preloadProxyThread().catch(() => undefined);
        const { readChain } = await import('./read-chain');
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

  const turnCount = run.turns.length;
  const branchOf = branch && head === branch.id ? (branch.thread.at(-1)?.id ?? null) : null;
  useEffect(() => {
    if (!isOpening) urlStore.show({ head, branchOf, turnCount });
  }, [urlStore, head, branchOf, turnCount, isOpening]);

  const branchFrom = useCallback(
    (at: number) => {
      const current = latest.current.run;
      const links = threadLinks(current);
      const id = current.turns[at]?.transcript.response?.id;
      const end = links.findIndex((link) => link.id === id);
      if (typeof id !== 'string' || end < 0) return Promise.resolve();
      return openBranch(links, end);
    },
    [openBranch],
  );

  const leaveBranch = useCallback(() => {
    if (!branch) return;
    setBranch(null);
    void openLinks(branch.thread);
  }, [branch, openLinks]);

  const endBranch = useCallback(() => setBranch(null), []);

  const close = useCallback(() => {
    generation.current += 1;
    setOpening(false);
    setBranch(null);
    setCut(null);
    latest.current.run.reset();
  }, []);

  return {
    head,
    position: { continuesFrom: head, branch: branch && head === branch.id ? { turn: branch.turn, of: branch.of } : null },
    isOpen: head !== null || isOpening || turnCount > 0,
    isOpening,
    branch,
    cut,
    branchFrom,
    leaveBranch,
    endBranch,
    close,
  };
}
