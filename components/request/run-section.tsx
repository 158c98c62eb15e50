'use client';
// Where the run of the sent request is shown: the transcript feature's panel, brought into view when a new turn starts.
import { useEffect, useRef } from 'react';
import { RunPanel } from '@/components/transcript/run-panel';
import type { ResponseRun } from '@/components/transcript/use-response-run';

export function RunSection({ run }: { run: ResponseRun }) {
  const sectionRef = useRef<HTMLElement>(null);
  const turnCount = run.turns.length;
  const seenTurns = useRef(turnCount);

  useEffect(() => {
    // The form is long: without this, a user who sends from the top sees nothing happen.
    if (turnCount > seenTurns.current) {
      const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      sectionRef.current?.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'start' });
    }
    seenTurns.current = turnCount;
  }, [turnCount]);

  return (
    <section ref={sectionRef} aria-label="Response" className="mt-4 scroll-mt-2" data-testid="run-section">
      <RunPanel run={run} />
    </section>
  );
}
