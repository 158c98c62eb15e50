'use client';
// What the page URL asks for on arrival: #request= (a share link). The open thread's ?response= is use-open-thread's.
import { useEffect, useRef } from 'react';
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
    // The share-link reader (and the credential rules it strips with) loads only for a URL that has a hash.
    if (!window.location.hash) return;
    let isGone = false;
    void import('@/lib/request-import/share-link').then(({ decodeShareHash }) => {
      if (isGone) return;
      const { store, propose } = latest.current;
      const { draft } = store.getState();
      const url = new URL(window.location.href);
      const shared = decodeShareHash(url.hash);
      if (!shared) return;
      propose({ source: 'Open shared request', next: { body: shared, onBehalfOf: draft.onBehalfOf }, notes: ['Shared links carry no secrets and no headers.'], closesThread: true });
      // The URL has done its job: a reload keeps the draft instead of applying the link again.
      url.hash = '';
      window.history.replaceState(null, '', url.toString());
    });
    return () => {
      isGone = true;
    };
  }, []);
}
