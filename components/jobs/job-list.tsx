'use client';
// The jobs table: status, stall flag, time in each state, and the row actions (details, cancel, open the result).
import Link from 'next/link';
import { formatDuration } from '@/lib/jobs/status';
import type { JobSummary } from '@/lib/jobs/views';
import { StallBadge, StatusBadge } from './status-badge';

export interface JobListProps {
  jobs: JobSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCancel: (id: string) => void;
  cancellingId: string | null;
}

export function isCancellable(job: JobSummary): boolean {
  return job.status === 'queued' || job.status === 'in_progress';
}

export function StateDurations({ job }: { job: JobSummary }) {
  return (
    <ul className="flex flex-wrap gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="job-durations">
      {job.durations.map((state) => (
        <li key={`${state.status}-${state.since}`} data-status={state.status}>
          {state.status} {state.ms === null ? '(final)' : formatDuration(state.ms)}
        </li>
      ))}
    </ul>
  );
}

export function JobList({ jobs, selectedId, onSelect, onCancel, cancellingId }: JobListProps) {
  if (jobs.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="jobs-empty">
        No jobs yet. Send a request with background: true, or track a response by its id.
      </p>
    );
  }
  return (
    <table className="w-full text-left text-sm" data-testid="job-list">
      <thead className="text-xs uppercase text-zinc-500">
        <tr>
          <th className="py-1 pr-2">Response</th>
          <th className="py-1 pr-2">Status</th>
          <th className="py-1 pr-2">Time in each state</th>
          <th className="py-1 pr-2">Actions</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr
            key={job.id}
            data-testid="job-row"
            data-job-id={job.id}
            aria-selected={job.id === selectedId}
            className={`border-t border-zinc-200 align-top dark:border-zinc-800 ${job.id === selectedId ? 'bg-zinc-100 dark:bg-zinc-900' : ''}`}
          >
            <td className="py-2 pr-2">
              <div className="font-mono text-xs">{job.id}</div>
              <div className="text-xs text-zinc-500">
                {job.model ?? 'model unknown'}
                {job.onBehalfOf ? ` · for ${job.onBehalfOf}` : ''} · {job.origin}
              </div>
              {job.lastError ? <div className="text-xs text-red-700 dark:text-red-400">{job.lastError}</div> : null}
            </td>
            <td className="py-2 pr-2">
              <div className="flex flex-wrap gap-1">
                <StatusBadge status={job.status} />
                <StallBadge stall={job.stall} />
              </div>
              {job.stall ? (
                <p className="mt-1 max-w-xs text-xs text-red-700 dark:text-red-400" data-testid="job-stall-reason">
                  {job.stall.reason}
                </p>
              ) : null}
            </td>
            <td className="py-2 pr-2">
              <StateDurations job={job} />
            </td>
            <td className="space-x-2 py-2 pr-2 whitespace-nowrap">
              <button type="button" className="rounded border px-2 py-0.5 text-xs" data-testid="job-select" onClick={() => onSelect(job.id)}>
                Details
              </button>
              {isCancellable(job) ? (
                <button
                  type="button"
                  className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-700 disabled:opacity-50 dark:text-red-400"
                  data-testid="job-cancel"
                  disabled={cancellingId === job.id}
                  onClick={() => onCancel(job.id)}
                >
                  {cancellingId === job.id ? 'Cancelling…' : 'Cancel'}
                </button>
              ) : null}
              <Link href={`/?response=${encodeURIComponent(job.id)}`} className="text-xs underline" data-testid="job-open-result">
                Open result
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
