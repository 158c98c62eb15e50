'use client';
// The fields of the request form's sections that start collapsed load the first time one is asked for (a section opened,
// pointed at or focused, the field search, a problem to show at its field), not with the page; one module for all of them.
import { useSyncExternalStore } from 'react';

export type LaterSections = typeof import('./later-section-list');

let loaded: LaterSections | null = null;
let loading: Promise<LaterSections> | null = null;
const listeners = new Set<() => void>();

/** Starts loading (once; again after a failure) and resolves with the sections' components. */
export function loadLaterSections(): Promise<LaterSections> {
  loading ??= import('./later-section-list').then(
    (module) => {
      loaded = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Prefetch on a hover or focus: a failure is shown only where the fields were asked for. */
export function preloadLaterSections(): void {
  void loadLaterSections().catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sections' components once loaded (null before). */
export function useLaterSections(): LaterSections | null {
  return useSyncExternalStore(subscribe, () => loaded, () => null);
}
