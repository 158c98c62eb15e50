'use client';
// Shares the draft store with every control. Hooks subscribe to one field's value (or a selection of it) or its issues,
// register an uncontrolled input with the form, or (useDraft) follow the whole draft.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { getPath, parsePath } from './body-path';
import { toFormName } from './draft-form';
import { selectIssues, type BodyIssue, type DraftStore } from './draft-store';
import type { RequestDraft } from './request-draft';

export type { BodyIssue } from './draft-store';
export { createDraftStore, selectIssues } from './draft-store';

const DraftContext = createContext<DraftStore | null>(null);

/** Every control inside edits `store`'s draft (the page's, or another one such as a compare-grid variant's). */
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
  const state = useSyncExternalStore(store.subscribe, store.peekState, store.peekState);
  const issues = useSyncExternalStore(store.subscribeShownIssues, store.getShownIssues, store.getShownIssues);
  return { draft: state.draft, issues, setField: store.setField, setBody: store.setBody, setOnBehalfOf: store.setOnBehalfOf, setFieldError: store.setFieldError };
}

/**
 * What `select` makes of the value at one body path; re-renders only when that changes (by `isEqual`, default Object.is).
 * Selecting a little (a count, a kind) keeps a list from re-rendering while one of its entries is typed into.
 */
export function useFieldSelector<T>(path: string, select: (value: unknown) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const store = useDraftStore();
  const segments = useMemo(() => parsePath(path), [path]);
  const last = useRef<{ value: T } | null>(null);
  const read = useCallback(() => {
    const next = select(getPath(store.peekState().draft.body, segments));
    if (!last.current || !isEqual(last.current.value, next)) last.current = { value: next };
    return last.current.value;
  }, [store, segments, select, isEqual]);
  const subscribe = useCallback((listener: () => void) => store.subscribePath(path, listener), [store, path]);
  return useSyncExternalStore(subscribe, read, read);
}

const identity = (value: unknown) => value;

/** The value at one body path; re-renders only when that value changes. */
export function useFieldValue(path: string): unknown {
  return useFieldSelector(path, identity);
}

export function useOnBehalfOf(): string {
  const store = useDraftStore();
  const read = useCallback(() => store.peekState().draft.onBehalfOf, [store]);
  return useSyncExternalStore(store.subscribeOnBehalfOf, read, read);
}

/** The issues as last checked (see CHECK_DELAY_MS); sending checks the current draft itself. */
export function useIssues(): readonly BodyIssue[] {
  const store = useDraftStore();
  return useSyncExternalStore(store.subscribeShownIssues, store.getShownIssues, store.getShownIssues);
}

function sameIssues(a: readonly BodyIssue[], b: readonly BodyIssue[]): boolean {
  return a.length === b.length && a.every((issue, at) => issue.param === b[at]?.param && issue.message === b[at]?.message);
}

/** The issues of one field (and, unless exact, of fields inside it); re-renders only when they change. */
export function useFieldIssues(path: string, isExact = false): BodyIssue[] {
  const store = useDraftStore();
  const last = useRef<BodyIssue[]>([]);
  const read = useCallback(() => {
    const issues = store.getShownIssues();
    const next = isExact ? issues.filter((issue) => issue.param === path) : selectIssues(issues, path);
    if (!sameIssues(next, last.current)) last.current = next;
    return last.current;
  }, [store, path, isExact]);
  return useSyncExternalStore(store.subscribeShownIssues, read, read);
}

/**
 * Each registered text control's form handler, by element: once quiet-typing.ts has loaded, the control's input goes
 * from a native listener to this handler (once a frame, typed-queue.ts), and React dispatches nothing for its typing.
 */
export const quietInputs = new WeakMap<EventTarget, (event: Event) => unknown>();

/**
 * Registers an uncontrolled text input for a body path with the draft's react-hook-form control: the element keeps what
 * is typed, the form stores it, and the body follows (`toValue` maps the text, e.g. '' to unset); the component renders
 * nothing per keystroke (nor does React dispatch anything, see quietInputs). The form writes values set elsewhere (the
 * JSON editor, an import) into the element.
 */
export function useRegisteredField(path: string, toValue: (text: string) => unknown): UseFormRegisterReturn {
  const store = useDraftStore();
  useEffect(() => store.trackRegistered(path), [store, path]);
  const registered = store.form.register(toFormName(path), {
    setValueAs: toValue,
    onChange: (event: { target: { value: string } }) => store.takeTyped(path, toValue(event.target.value)),
  });
  const { ref, onChange } = registered;
  registered.ref = (element: HTMLElement | null) => {
    ref(element);
    if (element) quietInputs.set(element, onChange);
  };
  return registered;
}
