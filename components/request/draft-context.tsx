'use client';
// Shares the draft, its setters and the schema issues with every section of the form.
import { createContext, useContext, type ReactNode } from 'react';
import type { JsonObject } from './body-path';
import type { RequestDraft } from './request-draft';

export interface BodyIssue {
  param: string;
  message: string;
  code?: string;
}

export interface DraftApi {
  draft: RequestDraft;
  issues: readonly BodyIssue[];
  /** Sets (or with `undefined` removes) one field of the body by path. */
  setField: (path: string, value: unknown) => void;
  setBody: (body: JsonObject) => void;
  setOnBehalfOf: (value: string) => void;
}

const DraftContext = createContext<DraftApi | null>(null);

export function DraftProvider({ value, children }: { value: DraftApi; children: ReactNode }) {
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftApi {
  const api = useContext(DraftContext);
  if (!api) throw new Error('useDraft must be used inside DraftProvider');
  return api;
}

/** Issues whose field path is `path` or lies inside it (`tools[0]` also shows `tools[0].name`). */
export function selectIssues(issues: readonly BodyIssue[], path: string): BodyIssue[] {
  return issues.filter((issue) => issue.param === path || issue.param.startsWith(`${path}.`) || issue.param.startsWith(`${path}[`));
}

export function useFieldIssues(path: string, isExact = false): BodyIssue[] {
  const { issues } = useDraft();
  return isExact ? issues.filter((issue) => issue.param === path) : selectIssues(issues, path);
}
