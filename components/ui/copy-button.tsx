'use client';
// Copies text to the clipboard and says so for a moment (announced politely); says so too when the browser refuses.
import { useEffect, useState } from 'react';
import { Button, IconButton, type ButtonSize } from './button';
import { CheckIcon, CopyIcon } from './icons';

const CONFIRM_MS = 1_500;

export interface CopyButtonProps {
  text: string | (() => string);
  /** The accessible name: what is copied ("Copy response id"). */
  label: string;
  size?: ButtonSize;
  isIconOnly?: boolean;
  testId?: string;
}

export function CopyButton({ text, label, size = 'sm', isIconOnly = false, testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  const message = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : '';
  return (
    <>
      {isIconOnly ? (
        <IconButton label={label} size={size} variant="ghost" icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy()} data-testid={testId} />
      ) : (
        <Button size={size} variant="secondary" aria-label={label} icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy()} data-testid={testId}>
          {message || 'Copy'}
        </Button>
      )}
      <span role="status" className="sr-only">
        {message}
      </span>
    </>
  );
}
