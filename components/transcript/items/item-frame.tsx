'use client';
// Common frame of an output item card: kind label, status, id, body, and the raw JSON on demand (not in presentation view).
import { useState, type ReactNode } from 'react';
import type { OutputItem } from '@/lib/transcript/types';
import { usePresentation } from '../presentation';

const STATUS_TONE: Record<string, string> = {
  completed: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
  incomplete: 'bg-caution-soft text-caution',
};

export function ItemFrame({ item, title, children }: { item: OutputItem; title: string; children?: ReactNode }) {
  const status = typeof item.status === 'string' ? item.status : null;
  const { isPresenting } = usePresentation();
  return (
    <article
      data-testid={`item-${item.type.replaceAll('_', '-')}`}
      data-item-status={status ?? undefined}
      aria-label={`${title}${status ? `, ${status}` : ''}`}
      className={isPresenting ? 'rounded-lg border border-line bg-surface px-6 py-5 text-xl leading-relaxed' : 'rounded-md border border-line bg-surface p-3 text-sm'}
    >
      <header className={`mb-2 flex flex-wrap items-center gap-2 text-fg-muted ${isPresenting ? 'text-base' : 'text-xs'}`}>
        <span className="font-semibold text-fg">{title}</span>
        {status ? <span className={`rounded px-1.5 py-0.5 ${STATUS_TONE[status] ?? 'bg-sunken'}`}>{status}</span> : null}
        {typeof item.id === 'string' && !isPresenting ? <code className="ml-auto">{item.id}</code> : null}
      </header>
      {children}
      {isPresenting ? null : <RawJson item={item} />}
    </article>
  );
}

/**
 * The item's raw JSON, written out only while the disclosure is open: a streaming item changes every frame, and
 * stringifying a long answer into a closed panel on each of them was a pass over the whole text per frame.
 */
function RawJson({ item }: { item: OutputItem }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <details className="mt-2 text-xs" data-testid="item-raw-json" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-fg-muted">Raw JSON</summary>
      {isOpen ? <JsonBlock value={item} /> : null}
    </details>
  );
}

export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre tabIndex={0} aria-label={label} className="mt-1 max-h-96 overflow-auto rounded bg-sunken p-2 font-mono text-xs whitespace-pre-wrap break-all">
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Pretty-prints a JSON string when it parses (complete arguments); shows it raw while it streams. */
export function prettyJson(text: unknown): string {
  if (typeof text !== 'string') return JSON.stringify(text ?? null, null, 2);
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 text-xs">
      <span className="shrink-0 font-medium text-fg-muted">{label}</span>
      <span className="min-w-0 break-all">{children}</span>
    </div>
  );
}

export function asArray(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
}
