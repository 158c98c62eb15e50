// A collapsible block of pretty-printed JSON (closed by default).
export function RawJson({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <details className="rounded border border-zinc-200 dark:border-zinc-800" data-testid={testId}>
      <summary className="cursor-pointer px-2 py-1 text-sm text-zinc-600 dark:text-zinc-400">{label}</summary>
      <pre tabIndex={0} aria-label={label} className="max-h-96 overflow-auto p-2 text-xs">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
