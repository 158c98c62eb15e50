'use client';
// Search over the form's field names: the query in context, and the test each field runs on its path and label.
import { createContext, useContext, type ReactNode } from 'react';

const FieldSearchContext = createContext('');

export function FieldSearchProvider({ query, children }: { query: string; children: ReactNode }) {
  return <FieldSearchContext.Provider value={query.trim().toLowerCase()}>{children}</FieldSearchContext.Provider>;
}

export function useFieldSearch(): string {
  return useContext(FieldSearchContext);
}

/** A field matches when its API path or its words contain the query ("tool" finds tool_choice; "temp" finds temperature). */
export function matchesFieldSearch(query: string, path: string, label?: string): boolean {
  if (!query) return true;
  const haystack = `${path} ${path.replaceAll('_', ' ')} ${label ?? ''}`.toLowerCase();
  return query.split(/\s+/).every((word) => haystack.includes(word));
}
