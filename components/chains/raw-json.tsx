'use client';
// A collapsible block of pretty-printed JSON (closed by default); long strings wrap inside it.
import { Disclosure } from '@/components/ui/disclosure';

export function RawJson({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <Disclosure summary={label} testId={testId} className="rounded-md border border-line px-2 py-1">
      <pre tabIndex={0} className="max-h-96 overflow-auto font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
        {JSON.stringify(value, null, 2)}
      </pre>
    </Disclosure>
  );
}
