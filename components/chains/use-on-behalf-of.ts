'use client';
// The acting X-On-Behalf-Of user, kept in localStorage (shared key with the other pages) and synced across tabs.
import { useCallback, useSyncExternalStore } from 'react';

export const ON_BEHALF_OF_STORAGE_KEY = 'playground.onBehalfOf';
const SAME_TAB_EVENT = 'playground:on-behalf-of';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ON_BEHALF_OF_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SAME_TAB_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SAME_TAB_EVENT, onChange);
  };
}

function readStored(): string {
  try {
    return window.localStorage.getItem(ON_BEHALF_OF_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Returns the raw stored value ('' means no user) and a setter that persists it. */
export function useOnBehalfOf(): [string, (value: string) => void] {
  const value = useSyncExternalStore(subscribe, readStored, () => '');
  const setValue = useCallback((next: string) => {
    try {
      if (next) window.localStorage.setItem(ON_BEHALF_OF_STORAGE_KEY, next);
      else window.localStorage.removeItem(ON_BEHALF_OF_STORAGE_KEY);
    } catch {
      // Storage can be unavailable (private mode); the value then lasts for this render only.
    }
    window.dispatchEvent(new Event(SAME_TAB_EVENT));
  }, []);
  return [value, setValue];
}
