// A titled, collapsible group of controls in the request form.
import type { ReactNode } from 'react';

export function FormSection({ title, testId, isOpen = false, children }: { title: string; testId: string; isOpen?: boolean; children: ReactNode }) {
  return (
    <details open={isOpen} className="rounded border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <summary className="cursor-pointer text-sm font-semibold">{title}</summary>
      <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">{children}</div>
    </details>
  );
}
