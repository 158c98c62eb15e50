'use client';
// The draft's state: edits by field path, whole-body replacement, localStorage persistence, and the schema's issues.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { listCreateResponseBodyIssues, parseOnBehalfOf } from '@/lib/schema';
import { setPath, type JsonObject } from './body-path';
import type { BodyIssue, DraftApi } from './draft-context';
import { createDefaultDraft, deserializeDraft, DRAFT_STORAGE_KEY, serializeDraft, type RequestDraft } from './request-draft';

function readStoredDraft(): RequestDraft {
  if (typeof window === 'undefined') return createDefaultDraft();
  return deserializeDraft(window.localStorage.getItem(DRAFT_STORAGE_KEY)) ?? createDefaultDraft();
}

export function listDraftIssues(draft: RequestDraft): BodyIssue[] {
  const issues: BodyIssue[] = listCreateResponseBodyIssues(draft.body);
  const header = parseOnBehalfOf(draft.onBehalfOf);
  if (!header.ok) issues.push({ param: 'X-On-Behalf-Of', message: header.error.error.message, code: header.error.error.code ?? undefined });
  return issues;
}

export function useRequestDraft(): DraftApi & { replaceDraft: (draft: RequestDraft) => void } {
  const [draft, setDraft] = useState<RequestDraft>(readStoredDraft);

  useEffect(() => {
    const timer = window.setTimeout(() => window.localStorage.setItem(DRAFT_STORAGE_KEY, serializeDraft(draft)), 150);
    return () => window.clearTimeout(timer);
  }, [draft]);

  const setField = useCallback((path: string, value: unknown) => {
    setDraft((current) => ({ ...current, body: setPath(current.body, path, value) }));
  }, []);
  const setBody = useCallback((body: JsonObject) => setDraft((current) => ({ ...current, body })), []);
  const setOnBehalfOf = useCallback((onBehalfOf: string) => setDraft((current) => ({ ...current, onBehalfOf })), []);
  const issues = useMemo(() => listDraftIssues(draft), [draft]);

  return { draft, issues, setField, setBody, setOnBehalfOf, replaceDraft: setDraft };
}
