'use client';
// What the page URL asks for on arrival: #request= (a share link). The open thread's ?response= is use-open-thread's.
import { useEffect, useRef } from 'react';
import { decodeShareHash } from '@/lib/request-import/share-link';
import type { DraftStore } from './draft-store';
import type { PendingReplacement } from './replace-confirm';

export interface PageLinkActions {
  store: DraftStore;
  propose: (pending: PendingReplacement) => void;
}

export function usePageLinks(actions: PageLinkActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const { store, propose } = latest.current;
    const { draft } = store.getState();
    const url = new URL(window.location.href);
    const shared = decodeShareHash(url.hash);
    if (shared) {
      propose({ source: 'Open shared request', next: { body: shared, onBehalfOf: draft.onBehalfOf }, notes: ['Shared links carry no secrets and no headers.'], closesThread: true });
      // The URL has done its job: a reload keeps the draft instead of applying the link again.
      url.hash = '';
      window.history.replaceState(null, '', url.toString());
    }
  }, []);
}
