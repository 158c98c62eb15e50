'use client';
// Where the run of the sent request is shown: the transcript feature's panel.
import type { ResponseRun } from '@/components/transcript/use-response-run';

export function RunSection({ run }: { run: ResponseRun }) {
  return (
    <section aria-label="Response" className="mt-4" data-testid="run-section">
      <p aria-live="polite" className="sr-only">{run.announcement}</p>
      <p className="text-xs text-zinc-500">Status: {run.status} · {run.turns.length} turn{run.turns.length === 1 ? '' : 's'}</p>
    </section>
  );
}
