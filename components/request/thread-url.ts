// The open thread's place in the page URL, kept in one store: what an arrival or a link asks to open, and what the page
// wrote itself (replaceState), so the router's late echo of its own write is never taken for a clicked link.

export const OPEN_THREAD_STORAGE_KEY = 'playground.openThread';
/** A longer chain opens from its newest turns back: the page stays usable (read-chain.ts walks at most this many). */
export const MAX_OPENED_TURNS = 50;
/** Writes whose echo never arrived are forgotten past this many, so a later link with the same query still opens. */
const MAX_PENDING_WRITES = 8;

export interface RequestedThread {
  id: string;
  /** Came from a "continue" link: the composer is cleared for the next turn. */
  isContinue: boolean;
  /** The leaf of the thread `id` was branched from: the thread reopens as that branch. */
  branchOf: string | null;
  /** The user the thread belongs to (null: keep the draft's X-On-Behalf-Of). */
  onBehalfOf: string | null;
}

/** What the page shows: the response the next send continues (null while running or with nothing open), and its branch. */
export interface ShownThread {
  head: string | null;
  branchOf: string | null;
  turnCount: number;
}

/** The browser as the store sees it (tests pass their own). */
export interface ThreadUrlPort {
  href(): string;
  replace(url: string): void;
  readStored(): string | null;
  writeStored(value: string | null): void;
}

interface StoredThread {
  id: string;
  branchOf: string | null;
}

function parseStored(text: string | null): StoredThread | null {
  if (!text) return null;
  // Older tabs stored the bare id.
  if (!text.startsWith('{')) return { id: text, branchOf: null };
  try {
    const stored = JSON.parse(text) as Partial<StoredThread>;
    return typeof stored.id === 'string' ? { id: stored.id, branchOf: typeof stored.branchOf === 'string' ? stored.branchOf : null } : null;
  } catch {
    return null;
  }
}

/** ?previous_response_id= (Continue on /chains), else ?response= (&branch_of=), each with &on_behalf_of=; else what this tab stored. */
function readRequested(params: URLSearchParams, stored: StoredThread | null): RequestedThread | null {
  const onBehalfOf = params.get('on_behalf_of');
  const previous = params.get('previous_response_id');
  if (previous) return { id: previous, isContinue: true, branchOf: null, onBehalfOf };
  const id = params.get('response');
  if (id) return { id, isContinue: false, branchOf: params.get('branch_of'), onBehalfOf };
  return stored ? { ...stored, isContinue: false, onBehalfOf: null } : null;
}

export class ThreadUrlStore {
  private requested: RequestedThread | null;
  /** The router's query last seen (read from the router: on a client-side navigation window.location may still show the page left). */
  private seenSearch: string;
  /** Queries this page wrote, oldest first, whose echo through the router has not arrived yet. */
  private pending: string[] = [];
  private shownId: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly port: ThreadUrlPort,
    search: string,
  ) {
    this.seenSearch = search;
    this.requested = readRequested(new URLSearchParams(search), parseStored(port.readStored()));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The thread an arrival or the latest link asked for (a new object for each request); stable between them. */
  readonly getRequested = (): RequestedThread | null => this.requested;

  /** The router's query changed: a link or back/forward asking for another thread opens it; the echo of our own write does not. */
  navigated(search: string): void {
    if (search === this.seenSearch) return;
    this.seenSearch = search;
    const echoed = this.pending.indexOf(search);
    if (echoed !== -1) {
      this.pending.splice(0, echoed + 1);
      return;
    }
    const next = readRequested(new URLSearchParams(search), null);
    if (!next || next.id === this.shownId) return;
    this.requested = next;
    for (const listener of this.listeners) listener();
  }

  /** The URL and this tab remember the thread's newest response (and the branch); leaving the thread forgets it. Only on `/`. */
  show({ head, branchOf, turnCount }: ShownThread): void {
    const href = this.port.href();
    const url = new URL(href);
    if (url.pathname !== '/') return;
    url.searchParams.delete('previous_response_id');
    url.searchParams.delete('on_behalf_of');
    if (head) url.searchParams.set('response', head);
    else if (turnCount === 0) url.searchParams.delete('response');
    else return;
    if (branchOf) url.searchParams.set('branch_of', branchOf);
    else url.searchParams.delete('branch_of');
    this.shownId = head;
    this.port.writeStored(head ? JSON.stringify({ id: head, branchOf }) : null);
    if (url.toString() === href) return;
    this.pending = [...this.pending, url.searchParams.toString()].slice(-MAX_PENDING_WRITES);
    this.port.replace(url.toString());
  }
}

/** This tab's URL and sessionStorage (without storage the URL alone remembers the thread). */
export const browserThreadUrl: ThreadUrlPort = {
  href: () => window.location.href,
  replace: (url) => window.history.replaceState(null, '', url),
  readStored: () => {
    try {
      return window.sessionStorage.getItem(OPEN_THREAD_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  writeStored: (value) => {
    try {
      if (value === null) window.sessionStorage.removeItem(OPEN_THREAD_STORAGE_KEY);
      else window.sessionStorage.setItem(OPEN_THREAD_STORAGE_KEY, value);
    } catch {
      // Without storage the URL alone remembers the thread.
    }
  },
};
