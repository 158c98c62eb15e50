'use client';
// What the page URL asks for on arrival: ?previous_response_id= (continue a chain), ?response= (open a stored response), #request= (a share link).
import { useEffect, useRef } from 'react';
import { decodeShareHash } from '@/lib/request-import/share-link';
import type { DraftStore } from './draft-store';
import type { PendingReplacement } from './replace-confirm';

export interface PageLinkActions {
  store: DraftStore;
  loadResponse: (responseId: string) => void;
  propose: (pending: PendingReplacement) => void;
}

export function usePageLinks(actions: PageLinkActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const { store, loadResponse, propose } = latest.current;
    const { draft } = store.getState();
    const url = new URL(window.location.href);
    const previous = url.searchParams.get('previous_response_id');
    const responseId = url.searchParams.get('response');
    const shared = decodeShareHash(url.hash);
    if (previous) store.setField('previous_response_id', previous);
    if (responseId) loadResponse(responseId);
    if (shared) propose({ source: 'Open shared request', next: { body: shared, onBehalfOf: draft.onBehalfOf }, notes: ['Shared links carry no secrets and no headers.'] });
    // The URL has done its job: a reload keeps the draft instead of applying the link again.
    if (previous || responseId || shared) {
      url.searchParams.delete('previous_response_id');
      url.searchParams.delete('response');
      url.hash = '';
      window.history.replaceState(null, '', url.toString());
    }
  }, []);
}
