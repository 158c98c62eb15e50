// A response status as a coloured badge; stalled jobs get a second badge with the reason.
import type { StallFlag } from '@/lib/jobs/status';

const COLOURS: Record<string, string> = {
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  in_progress: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  incomplete: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-200',
  cancelled: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function StatusBadge({ status, testId = 'job-status' }: { status: string; testId?: string }) {
  return (
    <span data-testid={testId} data-status={status} className={`rounded px-2 py-0.5 font-mono text-xs ${COLOURS[status] ?? 'bg-zinc-100 text-zinc-800'}`}>
      {status}
    </span>
  );
}

export function StallBadge({ stall }: { stall: StallFlag | null }) {
  if (!stall) return null;
  return (
    <span data-testid="job-stall-badge" title={stall.reason} className="rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      stalled
      <span className="sr-only">: {stall.reason}</span>
    </span>
  );
}
