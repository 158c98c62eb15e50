// Page heading with an optional one-line description.
import type { ReactNode } from 'react';

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p> : null}
    </div>
  );
}
