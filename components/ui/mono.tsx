// Machine text (ids, keys, URLs, digests) in monospace that wraps anywhere, so a 400-character id never widens the page.
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { cx } from './cx';

export function Mono({ children, className, testId, title, htmlId }: { children: ReactNode; className?: string; testId?: string; title?: string; htmlId?: string }) {
  return (
    <code id={htmlId} data-testid={testId} title={title} className={cx('font-mono [overflow-wrap:anywhere]', className)}>
      {children}
    </code>
  );
}

/** An id shown whole (wrapping), optionally with a copy button named after what it is ("Copy response id"). */
export function IdText({ id, kind, isCopyable = false, className, testId, htmlId }: {
  id: string;
  /** What the id is ("response id"): names the copy button. */
  kind?: string;
  isCopyable?: boolean;
  className?: string;
  testId?: string;
  /** An element id for the text, so controls can point at it (aria-describedby). */
  htmlId?: string;
}) {
  return (
    <span className={cx('inline-flex max-w-full min-w-0 items-start gap-1.5', className)}>
      <Mono testId={testId} htmlId={htmlId} className="min-w-0 text-[0.92em]">
        {id}
      </Mono>
      {isCopyable ? <CopyButton text={id} label={`Copy ${kind ?? 'id'}`} size="sm" isIconOnly /> : null}
    </span>
  );
}
