// Layout helpers: Toolbar (a named row of controls that wraps), EmptyState, DescriptionList (term/value pairs whose values wrap).
import type { ReactNode } from 'react';
import { cx } from './cx';

/** A named group of related controls laid out in a row that wraps instead of overflowing. */
export function Toolbar({ label, children, className, testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div role="group" aria-label={label} data-testid={testId} className={cx('flex min-w-0 flex-wrap items-end gap-2', className)}>
      {children}
    </div>
  );
}

export function EmptyState({ title, children, action, className, testId }: { title: ReactNode; children?: ReactNode; action?: ReactNode; className?: string; testId?: string }) {
  return (
    <div data-testid={testId} className={cx('flex flex-col items-start gap-2 rounded-lg border border-dashed border-line px-4 py-6 text-sm', className)}>
      <p className="font-medium text-fg">{title}</p>
      {children ? <div className="text-fg-muted">{children}</div> : null}
      {action}
    </div>
  );
}

export interface DescriptionItem {
  term: ReactNode;
  value: ReactNode;
  /** data-testid of the value. */
  testId?: string;
  isMono?: boolean;
}

/** Terms beside their values (the terms' column at most 40% wide, so values keep room on a phone); values wrap anywhere. */
export function DescriptionList({ items, className, testId, termWidth = 'fit-content(40%)', size = 'sm' }: {
  items: readonly DescriptionItem[];
  className?: string;
  testId?: string;
  /** The terms' column (a grid track size). */
  termWidth?: string;
  size?: 'xs' | 'sm';
}) {
  return (
    <dl
      data-testid={testId}
      style={{ ['--term-width' as string]: termWidth }}
      className={cx('grid grid-cols-[var(--term-width)_minmax(0,1fr)] gap-x-3 gap-y-1 sm:gap-x-4', size === 'xs' ? 'text-xs' : 'text-sm', className)}
    >
      {items.map((item, index) => (
        <div key={index} className="contents">
          <dt className="text-fg-muted">{item.term}</dt>
          <dd data-testid={item.testId} className={cx('min-w-0 [overflow-wrap:anywhere] text-fg', item.isMono && 'font-mono')}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
