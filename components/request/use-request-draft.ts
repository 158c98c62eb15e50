'use client';
// The page's draft store: created once from localStorage (or the defaults) and saved back shortly after each change, and
// at once when the page is hidden or left (so a reload right after typing keeps it).
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
    let isChanged = false;
    // getState() takes in typing still queued for the next frame (typed-queue.ts; a hidden page gets no frames).
    const write = () => {
      const { draft } = store.getState();
      isChanged = false;
      window.localStorage.setItem(DRAFT_STORAGE_KEY, serializeDraft(draft));
    };
    const save = createTrailingTimer(SAVE_DELAY_MS, write);
    const unsubscribe = store.subscribe(() => {
      isChanged = true;
      save.poke();
    });
    // Only a draft changed here is written: an untouched tab closing does not overwrite what another tab saved.
    const saveNow = () => {
      store.getState();
      if (!isChanged) return;
      save.cancel();
      write();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && saveNow();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', saveNow);
    return () => {
      unsubscribe();
      save.cancel();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', saveNow);
    };
  }, [store]);
  return store;
}
