// The draft as an external store: edits by field path, whole-body replacement, field-level errors, and the schema's issues
// computed once per change; components subscribe to the slice they show, so typing in one field re-renders that field only.
import { listCreateResponseBodyIssues, listRedactedCredentials, parseOnBehalfOf, REDACTED_CREDENTIAL } from '@/lib/schema';
import { setPath, type JsonObject } from './body-path';
import type { RequestDraft } from './request-draft';

export interface BodyIssue {
  param: string;
  message: string;
  code?: string;
}

export interface DraftState {
  draft: RequestDraft;
  /** Errors a control found before the value could reach the body (text that is not JSON), by field path. */
  fieldErrors: Readonly<Record<string, string>>;
}

export interface DraftStore {
  getState(): DraftState;
  subscribe(listener: () => void): () => void;
  /** Schema issues of the body and the header, then every field error: anything here blocks sending. */
  getIssues(): readonly BodyIssue[];
  /** Sets (or with `undefined` removes) one field of the body by path. */
  setField(path: string, value: unknown): void;
  setBody(body: JsonObject): void;
  setOnBehalfOf(value: string): void;
  replaceDraft(draft: RequestDraft): void;
  /** Records (or with null clears) the error of a control whose text could not become a value. */
  setFieldError(path: string, message: string | null): void;
}

/** The body's issues: the schema's, and each credential that still reads <redacted> (shown in the form and the JSON tab). */
export function listBodyIssues(body: JsonObject): BodyIssue[] {
  // A credential reopened from the history or a preset reads <redacted>: sent as is, the gateway would use that word.
  // Its issue says so, in place of what the schema says about the word (e.g. too short for webhook_secret).
  const redacted = listRedactedCredentials(body);
  const issues: BodyIssue[] = listCreateResponseBodyIssues(body).filter((issue) => !redacted.includes(issue.param));
  for (const param of redacted) {
    issues.push({ param, code: 'redacted_credential', message: `'${param}' reads ${REDACTED_CREDENTIAL}: credentials are never stored, so enter it again (or remove it) before sending.` });
  }
  return issues;
}

export function listDraftIssues(draft: RequestDraft): BodyIssue[] {
  const issues = listBodyIssues(draft.body);
  const header = parseOnBehalfOf(draft.onBehalfOf);
  if (!header.ok) issues.push({ param: 'X-On-Behalf-Of', message: header.error.error.message, code: header.error.error.code ?? undefined });
  return issues;
}

export function createDraftStore(initial: RequestDraft): DraftStore {
  let state: DraftState = { draft: initial, fieldErrors: {} };
  let issuesOf: { state: DraftState; issues: readonly BodyIssue[] } | null = null;
  const listeners = new Set<() => void>();

  const set = (next: DraftState) => {
    if (next.draft === state.draft && next.fieldErrors === state.fieldErrors) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const setDraft = (draft: RequestDraft) => set({ ...state, draft });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getIssues() {
      if (issuesOf?.state !== state) {
        const fieldIssues = Object.entries(state.fieldErrors).map(([param, message]) => ({ param, message, code: 'invalid_field_text' }));
        issuesOf = { state, issues: [...listDraftIssues(state.draft), ...fieldIssues] };
      }
      return issuesOf.issues;
    },
    setField(path, value) {
      const body = setPath(state.draft.body, path, value);
      if (body !== state.draft.body) setDraft({ ...state.draft, body });
    },
    setBody: (body) => setDraft({ ...state.draft, body }),
    setOnBehalfOf: (onBehalfOf) => setDraft({ ...state.draft, onBehalfOf }),
    // A new draft starts clean: errors of text typed into the old one no longer describe anything.
    replaceDraft: (draft) => set({ draft, fieldErrors: {} }),
    setFieldError(path, message) {
      const current = state.fieldErrors[path];
      if ((message ?? undefined) === current) return;
      const fieldErrors = { ...state.fieldErrors };
      if (message === null) delete fieldErrors[path];
      else fieldErrors[path] = message;
      set({ ...state, fieldErrors });
    },
  };
}

/** Issues whose field path is `path` or lies inside it (`tools[0]` also shows `tools[0].name`). */
export function selectIssues(issues: readonly BodyIssue[], path: string): BodyIssue[] {
  return issues.filter((issue) => issue.param === path || issue.param.startsWith(`${path}.`) || issue.param.startsWith(`${path}[`));
}
