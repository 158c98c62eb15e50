'use client';
// Shares the draft store with every control; hooks subscribe to one field's value or issues, or (useDraft) to the whole draft.
import { createContext, useCallback, useContext, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { getPath } from './body-path';
import { selectIssues, type BodyIssue, type DraftStore } from './draft-store';
import type { RequestDraft } from './request-draft';

export type { BodyIssue } from './draft-store';
export { selectIssues } from './draft-store';

const DraftContext = createContext<DraftStore | null>(null);

export function DraftProvider({ store, children }: { store: DraftStore; children: ReactNode }) {
  return <DraftContext.Provider value={store}>{children}</DraftContext.Provider>;
}

export function useDraftStore(): DraftStore {
  const store = useContext(DraftContext);
  if (!store) throw new Error('useDraftStore must be used inside DraftProvider');
  return store;
}

export interface DraftApi {
  draft: RequestDraft;
  issues: readonly BodyIssue[];
  setField: DraftStore['setField'];
  setBody: DraftStore['setBody'];
  setOnBehalfOf: DraftStore['setOnBehalfOf'];
  setFieldError: DraftStore['setFieldError'];
}

/** The whole draft: for views of the entire body (JSON, code, previews). A control uses useFieldValue instead. */
export function useDraft(): DraftApi {
  const store = useDraftStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { draft: state.draft, issues: store.getIssues(), setField: store.setField, setBody: store.setBody, setOnBehalfOf: store.setOnBehalfOf, setFieldError: store.setFieldError };
}

/** The value at one body path; re-renders only when that value changes. */
export function useFieldValue(path: string): unknown {
  const store = useDraftStore();
  const read = useCallback(() => getPath(store.getState().draft.body, path), [store, path]);
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useOnBehalfOf(): string {
  const store = useDraftStore();
  const read = useCallback(() => store.getState().draft.onBehalfOf, [store]);
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useIssues(): readonly BodyIssue[] {
  const store = useDraftStore();
  return useSyncExternalStore(store.subscribe, store.getIssues, store.getIssues);
}

function sameIssues(a: readonly BodyIssue[], b: readonly BodyIssue[]): boolean {
  return a.length === b.length && a.every((issue, at) => issue.param === b[at]?.param && issue.message === b[at]?.message);
}

/** The issues of one field (and, unless exact, of fields inside it); re-renders only when they change. */
export function useFieldIssues(path: string, isExact = false): BodyIssue[] {
  const store = useDraftStore();
  const last = useRef<BodyIssue[]>([]);
  const read = useCallback(() => {
    const issues = store.getIssues();
    const next = isExact ? issues.filter((issue) => issue.param === path) : selectIssues(issues, path);
    if (!sameIssues(next, last.current)) last.current = next;
    return last.current;
  }, [store, path, isExact]);
  return useSyncExternalStore(store.subscribe, read, read);
}
