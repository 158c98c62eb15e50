'use client';
// Secrets typed into the form (webhook_secret, an MCP server's authorization and headers) are masked on screen until the
// user asks to see them; the value sent is unchanged.
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function useSecretReveal(): [boolean, () => void] {
  const [isRevealed, setRevealed] = useState(false);
  return [isRevealed, () => setRevealed((value) => !value)];
}

/** The control and, beside it, a Show/Hide button named after the field. */
export function SecretFrame({ path, isRevealed, onToggle, children }: { path: string; isRevealed: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-1.5">
      <div className="min-w-0 flex-1">{children}</div>
      <Button size="sm" variant="secondary" className="mt-1" aria-pressed={isRevealed} aria-label={`${isRevealed ? 'Hide' : 'Show'} ${path}`} data-testid="secret-reveal" onClick={onToggle}>
        {isRevealed ? 'Hide' : 'Show'}
      </Button>
    </div>
  );
}

/** Masks a text area's characters in place (it cannot be type=password). */
export const MASKED_TEXT_CLASS = '[-webkit-text-security:disc]';
