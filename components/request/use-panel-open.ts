'use client';
// Whether the side panel is shown: the user's last choice in this browser, else open on wide screens and closed on phones.
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'playground-panel-open';
const WIDE_QUERY = '(min-width: 1280px)';

function readInitial(): boolean {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return window.matchMedia(WIDE_QUERY).matches;
}

export function usePanelOpen(): [boolean, (isOpen: boolean) => void] {
  const [isOpen, setOpen] = useState(readInitial);
  const set = useCallback((next: boolean) => {
    setOpen(next);
    window.localStorage.setItem(STORAGE_KEY, String(next));
  }, []);
  return [isOpen, set];
}
