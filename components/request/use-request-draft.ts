'use client';
// The page's draft store: created once from localStorage (or the defaults) and saved back shortly after each change.
import { useEffect, useState } from 'react';
import { createDraftStore, type DraftStore } from './draft-store';
import { createDefaultDraft, deserializeDraft, DRAFT_STORAGE_KEY, serializeDraft, type RequestDraft } from './request-draft';
import { createTrailingTimer } from './trailing-timer';

const SAVE_DELAY_MS = 150;

function readStoredDraft(): RequestDraft {
  if (typeof window === 'undefined') return createDefaultDraft();
  return deserializeDraft(window.localStorage.getItem(DRAFT_STORAGE_KEY)) ?? createDefaultDraft();
}

export function useRequestDraft(): DraftStore {
  const [store] = useState(() => createDraftStore(readStoredDraft()));
  useEffect(() => {
    const save = createTrailingTimer(SAVE_DELAY_MS, () => window.localStorage.setItem(DRAFT_STORAGE_KEY, serializeDraft(store.getState().draft)));
    const unsubscribe = store.subscribe(save.poke);
    return () => {
      unsubscribe();
      save.cancel();
    };
  }, [store]);
  return store;
}
