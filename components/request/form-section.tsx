'use client';
// A titled, collapsible group of controls in the request form; while the field search has a query it shows open, and hides when none of its fields match.
import type { ReactNode } from 'react';
import { useFieldSearch } from './field-search';

export function FormSection({ title, testId, isOpen = false, children }: { title: string; testId: string; isOpen?: boolean; children: ReactNode }) {
  const query = useFieldSearch();
  const grid = <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">{children}</div>;
  if (query) {
    return (
      <section aria-label={title} className="rounded-lg border border-line bg-surface p-3 [&:not(:has([data-field-match]))]:hidden" data-testid={testId}>
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {grid}
      </section>
    );
  }
  return (
    <details open={isOpen} className="rounded-lg border border-line bg-surface p-3" data-testid={testId}>
      <summary className="cursor-pointer text-sm font-semibold text-fg">{title}</summary>
      {grid}
    </details>
  );
}
