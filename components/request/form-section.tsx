'use client';
// A titled, collapsible group of controls in the request form; while the field search has a query it shows open, and hides when none of its fields match.
// A section that starts collapsed may take its fields from later-sections.ts: they load when it is opened (prefetched when pointed at or focused).
// Each section is a stacking context of its own (`isolate`): a keystroke in one section repaints that section, and the
// browser reuses the others' painting as it was (see paint groups in text-boundary.ts).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useFieldSearch } from './field-search';
import { loadLaterSections, preloadLaterSections, useLaterSections, type LaterSections } from './later-sections';

export function FormSection({ title, testId, isOpen = false, children, later }: {
  title: string;
  testId: string;
  isOpen?: boolean;
  children?: ReactNode;
  /** The section's fields, from the module loaded when they are first asked for (instead of children). */
  later?: (sections: LaterSections) => ReactNode;
}) {
  const query = useFieldSearch();
  const [isAsked, setAsked] = useState(isOpen);
  // Search results and a section shown open need the fields now.
  const isNeeded = Boolean(later) && (isAsked || isOpen || query !== '');
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(() => {
    loadLaterSections().catch((error: unknown) => setFailure((error as Error).message));
  }, []);
  useEffect(() => {
    if (isNeeded) load();
  }, [isNeeded, load]);
  const retry = () => {
    setFailure(null);
    load();
  };
  const body = later ? <LaterFields render={later} failure={failure} onRetry={retry} /> : children;
  const grid = <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">{body}</div>;
  if (query) {
    return (
      <section aria-label={title} className="isolate rounded-lg border border-line bg-surface p-3 [&:not(:has([data-field-match]))]:hidden" data-testid={testId}>
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {grid}
      </section>
    );
  }
  return (
    <details open={isOpen} className="isolate rounded-lg border border-line bg-surface p-3" data-testid={testId} onToggle={later ? (event) => event.currentTarget.open && setAsked(true) : undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-fg" onPointerEnter={later ? preloadLaterSections : undefined} onFocus={later ? preloadLaterSections : undefined}>
        {title}
      </summary>
      {grid}
    </details>
  );
}

/** The fields once loaded; until then (the section is collapsed, or they are on their way) a line saying so. */
function LaterFields({ render, failure, onRetry }: { render: (sections: LaterSections) => ReactNode; failure: string | null; onRetry: () => void }) {
  const sections = useLaterSections();
  if (sections) return render(sections);
  if (failure) {
    return (
      <p role="alert" className="text-sm text-danger md:col-span-2" data-testid="section-load-error">
        These fields could not load ({failure}).{' '}
        <button type="button" className="text-link underline" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-fg-muted md:col-span-2" data-testid="section-loading">
      Loading the fields…
    </p>
  );
}
