'use client';
// A button that copies text to the clipboard and says so for a moment.
import { useState } from 'react';

export function CopyButton({ text, label, testId }: { text: string | (() => string); label: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={label}
      onClick={async () => {
        await navigator.clipboard?.writeText(typeof text === 'function' ? text() : text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1_500);
      }}
      className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
