'use client';
// A disclosure: a button (aria-expanded) that shows or hides the content after it; the content mounts when first opened.
import { useId, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { ChevronIcon } from './icons';

export interface DisclosureProps {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  /** Controlled state; or leave it to the component with defaultOpen. */
  open?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  className?: string;
  buttonClassName?: string;
  testId?: string;
}

export function Disclosure({ summary, children, defaultOpen = false, open, onOpenChange, className, buttonClassName, testId }: DisclosureProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const [hasOpened, setHasOpened] = useState(defaultOpen);
  const isOpen = open ?? uncontrolled;
  const contentId = useId();
  const toggle = () => {
    const next = !isOpen;
    if (open === undefined) setUncontrolled(next);
    if (next) setHasOpened(true);
    onOpenChange?.(next);
  };
  return (
    <div className={cx('min-w-0', className)} data-testid={testId} data-open={isOpen}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={contentId}
        onClick={toggle}
        className={cx('inline-flex items-center gap-1 rounded text-left text-sm text-fg-muted hover:text-fg', buttonClassName)}
      >
        <ChevronIcon className={cx('size-4 shrink-0 transition-transform motion-reduce:transition-none', isOpen && 'rotate-90')} />
        <span className="min-w-0">{summary}</span>
      </button>
      <div id={contentId} hidden={!isOpen} className="mt-2 min-w-0">
        {isOpen || hasOpened ? children : null}
      </div>
    </div>
  );
}
