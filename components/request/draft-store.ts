// The draft of a request, backed by a react-hook-form control: text inputs register with it (uncontrolled, so a keystroke
// renders nothing), its resolver checks the draft against lib/schema, and the store keeps an immutable copy of the body
// (wire order, cleared fields removed) with listeners by path, so each control wakes only for its own field. The checker
// (zod) loads with the first edit, the first send, or a draft that is not a new request's.
import { getPath, setPath, type JsonObject } from './body-path';
import { createDraftForm, loadDraftChecker, ON_BEHALF_OF_FIELD, peekDraftChecker, toFormName, type BodyIssue, type DraftForm } from './draft-form';
import { createPathListeners } from './path-listeners';
import { createTrailingTimer } from './trailing-timer';
import { flushTyped } from './typed-queue';
import { isDefaultDraft, type RequestDraft } from './request-draft';

export { loadDraftChecker, type BodyIssue } from './draft-form';

/** How long after the last change the issues shown at the fields are brought up to date (sending always checks at once). */
export const CHECK_DELAY_MS = 120;

export interface DraftState {
  draft: RequestDraft;
  /** Errors a control found before the value could reach the body (text that is not JSON), by field path. */
  fieldErrors: Readonly<Record<string, string>>;
}

export interface DraftStore {
  /** The draft now: text typed into a registered control and still queued (typed-queue.ts) is taken in first. */
  getState(): DraftState;
  /**
   * The draft as the store holds it, without taking queued typing in: for reads while React renders (the subscriptions'
   * snapshots), which must not change the store. The queue reaches it by the next frame, and the listeners hear of it.
   */
  peekState(): DraftState;
  /** Any change of the draft or its field errors (views of the whole draft, saving it). */
  subscribe(listener: () => void): () => void;
  /** Changes at `path`, inside it or above it ('' is the whole body). */
  subscribePath(path: string, listener: () => void): () => void;
  subscribeOnBehalfOf(listener: () => void): () => void;
  /**
   * Schema issues of the body and the header, then every field error, for the draft as it is now: anything here blocks
   * sending. Until the checker has loaded, the schema's part is the last one known (see `checkIssues`).
   */
  getIssues(): readonly BodyIssue[];
  /** getIssues() without taking queued typing in (see peekState): for reads while React renders. */
  peekIssues(): readonly BodyIssue[];
  /** Loads the checker if it has not loaded yet, then checks the draft as it is then and shows its issues (what sending asks). */
  checkIssues(): Promise<readonly BodyIssue[]>;
  /** The issues as last checked (CHECK_DELAY_MS after typing stops): what the fields and the summary show. */
  getShownIssues(): readonly BodyIssue[];
  subscribeShownIssues(listener: () => void): () => void;
  /** Sets (or with `undefined` removes) one field of the body by path. */
  setField(path: string, value: unknown): void;
  setBody(body: JsonObject): void;
  setOnBehalfOf(value: string): void;
  replaceDraft(draft: RequestDraft): void;
  /** Records (or with null clears) the error of a control whose text could not become a value. */
  setFieldError(path: string, message: string | null): void;
  /** The react-hook-form control behind the draft. */
  form: DraftForm;
  /** An input registered at `path` took `value` (react-hook-form has stored it): the body follows. */
  takeTyped(path: string, value: unknown): void;
  takeTypedOnBehalfOf(value: string): void;
  /** Inputs registered with the form, by body path, so a removed field's input is cleared too. */
  trackRegistered(path: string): () => void;
}

function sameIssues(a: readonly BodyIssue[], b: readonly BodyIssue[]): boolean {
  return a.length === b.length && a.every((issue, at) => issue.param === b[at]?.param && issue.message === b[at]?.message && issue.code === b[at]?.code);
}

/** Top-level keys whose values differ (by reference: the body is copied along a changed path only). */
function changedTopKeys(before: JsonObject, after: JsonObject): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

export function createDraftStore(initial: RequestDraft): DraftStore {
  let state: DraftState = { draft: initial, fieldErrors: {} };
  // A new request's draft has no issues: it is shown without loading the checker. Any other is checked as soon as it loads.
  const checker = peekDraftChecker();
  const isKnown = checker !== null || isDefaultDraft(initial);
  let checked: { draft: RequestDraft; issues: readonly BodyIssue[] } = { draft: initial, issues: checker ? checker.listDraftIssues(initial) : [] };
  let issuesOf: { state: DraftState; checked: typeof checked; issues: readonly BodyIssue[] } | null = null;
  let shown: readonly BodyIssue[] = checked.issues;
  const listeners = new Set<() => void>();
  const onBehalfOfListeners = new Set<() => void>();
  const shownListeners = new Set<() => void>();
  const pathListeners = createPathListeners();
  const registered = new Map<string, number>();
  let isChecked = checker !== null;
  const form = createDraftForm(initial, () => state.draft, (draft, issues) => {
    checked = { draft, issues };
    // The first check once the checker has loaded: whoever reads getIssues() on a whole-draft change hears of it too.
    if (isChecked) return;
    isChecked = true;
    queueMicrotask(() => {
      for (const listener of [...listeners]) listener();
    });
  });

  const getIssues = (): readonly BodyIssue[] => {
    const loaded = peekDraftChecker();
    if (loaded && checked.draft !== state.draft) checked = { draft: state.draft, issues: loaded.listDraftIssues(state.draft) };
    if (issuesOf?.state !== state || issuesOf.checked !== checked) {
      const fieldIssues = Object.entries(state.fieldErrors).map(([param, message]) => ({ param, message, code: 'invalid_field_text' }));
      issuesOf = { state, checked, issues: [...checked.issues, ...fieldIssues] };
    }
    return issuesOf.issues;
  };
  const publishIssues = () => {
    const next = getIssues();
    if (sameIssues(next, shown)) return;
    shown = next;
    for (const listener of [...shownListeners]) listener();
  };
  // Subscribing mounts the control (what useForm does once its component mounts), so its values are the live ones; the
  // issues shown follow each check the resolver makes.
  form.subscribe({ formState: { errors: true }, callback: publishIssues });
  // Checking a 200 KB body takes milliseconds: once typing pauses, not on every key.
  const check = createTrailingTimer(CHECK_DELAY_MS, () => void form.trigger());
  if (!isKnown) void form.trigger();

  const commit = (next: DraftState, paths: readonly string[]) => {
    const isHeaderChanged = next.draft.onBehalfOf !== state.draft.onBehalfOf;
    state = next;
    if (paths.length) pathListeners.notify(paths);
    if (isHeaderChanged) for (const listener of [...onBehalfOfListeners]) listener();
    for (const listener of [...listeners]) listener();
    check.poke();
  };

  /** Brings react-hook-form's values (and so its registered inputs) to the body, for the top-level keys that changed. */
  const syncForm = (body: JsonObject, keys: readonly string[]) => {
    for (const key of keys) form.setValue(toFormName(key), body[key]);
    for (const path of registered.keys()) {
      if (keys.some((key) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`)) && getPath(body, path) === undefined) {
        form.setValue(toFormName(path), undefined);
      }
    }
  };

  const setBody = (body: JsonObject, formIsCurrent = false) => {
    const before = state.draft.body;
    if (body === before) return;
    const keys = changedTopKeys(before, body);
    if (!formIsCurrent) syncForm(body, keys);
    commit({ ...state, draft: { ...state.draft, body } }, keys);
  };

  const setField = (path: string, value: unknown, formIsCurrent = false) => {
    const before = state.draft.body;
    const body = setPath(before, path, value);
    if (body === before) return;
    // A value replaced in place keeps the body's shape: react-hook-form takes just that value. Adding or removing a field
    // (and the parents a removal empties) changes the shape: the top-level keys concerned are brought over whole.
    const isSameShape = value !== undefined && getPath(before, path) !== undefined;
    if (isSameShape) {
      if (!formIsCurrent) form.setValue(toFormName(path), value);
      commit({ ...state, draft: { ...state.draft, body } }, [path]);
    } else {
      const keys = changedTopKeys(before, body);
      syncForm(body, keys);
      commit({ ...state, draft: { ...state.draft, body } }, keys);
    }
  };

  // Every read and change from outside takes queued typing in first, so it sees (and builds on) what the controls show.
  return {
    form,
    getState: () => {
      flushTyped();
      return state;
    },
    peekState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribePath: (path, listener) => pathListeners.add(path, listener),
    subscribeOnBehalfOf(listener) {
      onBehalfOfListeners.add(listener);
      return () => onBehalfOfListeners.delete(listener);
    },
    getIssues: () => {
      flushTyped();
      return getIssues();
    },
    peekIssues: getIssues,
    checkIssues: () =>
      loadDraftChecker().then(() => {
        flushTyped();
        publishIssues();
        return getIssues();
      }),
    getShownIssues: () => shown,
    subscribeShownIssues(listener) {
      shownListeners.add(listener);
      return () => shownListeners.delete(listener);
    },
    setField: (path, value) => {
      flushTyped();
      setField(path, value);
    },
    setBody: (body) => {
      flushTyped();
      setBody(body);
    },
    setOnBehalfOf(onBehalfOf) {
      flushTyped();
      if (onBehalfOf === state.draft.onBehalfOf) return;
      form.setValue(ON_BEHALF_OF_FIELD, onBehalfOf);
      commit({ ...state, draft: { ...state.draft, onBehalfOf } }, []);
    },
    // A new draft starts clean: errors of text typed into the old one no longer describe anything.
    replaceDraft(draft) {
      flushTyped();
      form.reset({ body: draft.body, [ON_BEHALF_OF_FIELD]: draft.onBehalfOf }, { keepFieldsRef: true });
      commit({ draft, fieldErrors: {} }, ['']);
    },
    setFieldError(path, message) {
      flushTyped();
      const current = state.fieldErrors[path];
      if ((message ?? undefined) === current) return;
      const fieldErrors = { ...state.fieldErrors };
      if (message === null) delete fieldErrors[path];
      else fieldErrors[path] = message;
      commit({ ...state, fieldErrors }, []);
    },
    takeTyped: (path, value) => setField(path, value, true),
    takeTypedOnBehalfOf(onBehalfOf) {
      if (onBehalfOf !== state.draft.onBehalfOf) commit({ ...state, draft: { ...state.draft, onBehalfOf } }, []);
    },
    trackRegistered(path) {
      registered.set(path, (registered.get(path) ?? 0) + 1);
      return () => {
        const count = (registered.get(path) ?? 1) - 1;
        if (count > 0) registered.set(path, count);
        else registered.delete(path);
      };
    },
  };
}

/** Issues whose field path is `path` or lies inside it (`tools[0]` also shows `tools[0].name`). */
export function selectIssues(issues: readonly BodyIssue[], path: string): BodyIssue[] {
  return issues.filter((issue) => issue.param === path || issue.param.startsWith(`${path}.`) || issue.param.startsWith(`${path}[`));
}
