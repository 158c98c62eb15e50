// Links in model output open in a new tab without access to this page; code blocks scroll sideways and take focus.
import type { ReactNode } from 'react';

export function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-link underline">
      {children}
    </a>
  );
}

/** Code blocks scroll sideways, so they must be focusable for keyboard users. */
export function ScrollablePre({ children }: { children?: ReactNode }) {
  return <pre tabIndex={0}>{children}</pre>;
}
