'use client';
// Where the run of the sent request is shown: the transcript feature's panel.
import { RunPanel } from '@/components/transcript/run-panel';
import type { ResponseRun } from '@/components/transcript/use-response-run';

export function RunSection({ run }: { run: ResponseRun }) {
  return (
    <section aria-label="Response" className="mt-4" data-testid="run-section">
      <RunPanel run={run} />
    </section>
  );
}
