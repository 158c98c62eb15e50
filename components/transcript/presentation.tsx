'use client';
// Presentation view: a page-wide switch (button, the P key, ?present=1) that shows output items in large type on a calm,
// high-contrast theme, without ids, headers, raw JSON or the event log unless asked.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface Presentation {
  isPresenting: boolean;
  setPresenting(isPresenting: boolean): void;
}

const PresentationContext = createContext<Presentation>({ isPresenting: false, setPresenting: () => undefined });

export function usePresentation(): Presentation {
  return useContext(PresentationContext);
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Holds the switch for one page (`initial` from its ?present=1). While on, <html data-present> re-tints the app's tokens
 * (app/globals.css) and hides the site header. P toggles it outside text fields; Alt+Shift+P anywhere.
 */
export function PresentationProvider({ initial = false, children }: { initial?: boolean; children: ReactNode }) {
  const [isPresenting, setPresenting] = useState(initial);
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-present', isPresenting);
    return () => root.removeAttribute('data-present');
  }, [isPresenting]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.code !== 'KeyP' || event.ctrlKey || event.metaKey) return;
      const isChord = event.altKey && event.shiftKey;
      if (!isChord && (event.altKey || event.shiftKey || isTyping(event.target))) return;
      event.preventDefault();
      setPresenting((current) => !current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const value = useMemo(() => ({ isPresenting, setPresenting }), [isPresenting]);
  return <PresentationContext.Provider value={value}>{children}</PresentationContext.Provider>;
}

export function PresentationToggle() {
  const { isPresenting, setPresenting } = usePresentation();
  const toggle = useCallback(() => setPresenting(!isPresenting), [isPresenting, setPresenting]);
  return (
    <Button size="sm" variant={isPresenting ? 'primary' : 'secondary'} aria-pressed={isPresenting} aria-keyshortcuts="P Alt+Shift+P" title="Presentation view (P)" data-testid="present-toggle" onClick={toggle}>
      {isPresenting ? 'Exit presentation' : 'Present'}
    </Button>
  );
}
