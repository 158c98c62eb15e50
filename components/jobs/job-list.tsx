'use client';
// The jobs list: each job's id (whole, wrapping), status, stall flag, time in each state, and its actions (details, cancel, open the result).
import Link from 'next/link';
import { useId } from 'react';
import { Button, linkClass } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { EmptyState } from '@/components/ui/layout';
import { IdText } from '@/components/ui/mono';
import { formatDuration } from '@/lib/jobs/status';
import type { JobSummaryReply } from '@/lib/jobs/views';
import { StaleNote, StallBadge, StatusBadge } from './status-badge';
import { openResultHref } from './open-result-href';

export interface JobListProps {
  jobs: JobSummaryReply[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCancel: (id: string) => void;
  cancellingId: string | null;
}

/** Cancel is offered for a running job the reader may change (a teammate's shared job is read-only: the server would refuse). */
export function isCancellable(job: Pick<JobSummaryReply, 'status' | 'is_changeable'>): boolean {
  return (job.status === 'queued' || job.status === 'in_progress') && job.is_changeable;
}

export function StateDurations({ job }: { job: JobSummaryReply }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-fg-muted" data-testid="job-durations" aria-label="Time in each state">
      {job.durations.map((state) => (
        <li key={`${state.status}-${state.since}`} data-status={state.status}>
          <span className="font-mono">{state.status}</span> {state.ms === null ? '(final)' : formatDuration(state.ms)}
        </li>
      ))}
    </ul>
  );
}

function JobRow({ job, isSelected, onSelect, onCancel, isCancelling }: { job: JobSummaryReply; isSelected: boolean; onSelect: () => void; onCancel: () => void; isCancelling: boolean }) {
  // Every row has the same buttons: each is described by its row's id, so "Details" says which job.
  const idElementId = `job-${useId()}`;
  return (
    <li
      data-testid="job-row"
      data-job-id={job.id}
      data-selected={isSelected}
      aria-current={isSelected ? 'true' : undefined}
      className={cx('flex min-w-0 flex-col gap-1.5 rounded-lg border p-3', isSelected ? 'border-accent bg-accent-soft/40' : 'border-line bg-surface')}
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <IdText id={job.id} kind="response id" className="text-sm" htmlId={idElementId} />
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={job.status} />
          <StallBadge stall={job.stall} />
        </div>
      </div>
      <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
        {job.model ?? 'model unknown'}
        {job.on_behalf_of ? ` · for ${job.on_behalf_of}` : ''} · {job.origin}
      </p>
      {job.stall ? (
        <p className="text-xs text-danger" data-testid="job-stall-reason">
          {job.stall.reason}
        </p>
      ) : null}
      <StaleNote overdueSince={job.poll_overdue_since} />
      {job.last_error ? <p className="text-xs text-danger [overflow-wrap:anywhere]">{job.last_error}</p> : null}
      <StateDurations job={job} />
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Button size="sm" variant={isSelected ? 'primary' : 'secondary'} data-testid="job-select" aria-pressed={isSelected} aria-describedby={idElementId} onClick={onSelect}>
          Details
        </Button>
        {isCancellable(job) ? (
          <Button size="sm" variant="danger" data-testid="job-cancel" aria-describedby={idElementId} isLoading={isCancelling} loadingText="Cancelling…" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Link href={openResultHref(job)} className={linkClass('text-xs')} data-testid="job-open-result" aria-describedby={idElementId}>
          Open result
        </Link>
      </div>
    </li>
  );
}

export function JobList({ jobs, selectedId, onSelect, onCancel, cancellingId }: JobListProps) {
  if (jobs.length === 0) {
    return (
      <EmptyState title="No jobs yet" testId="jobs-empty">
        Send a request with background: true, or track a response by its id.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="job-list" aria-label="Jobs">
      {jobs.map((job) => (
        <JobRow
          key={job.id}
          job={job}
          isSelected={job.id === selectedId}
          onSelect={() => onSelect(job.id)}
          onCancel={() => onCancel(job.id)}
          isCancelling={cancellingId === job.id}
        />
      ))}
    </ul>
  );
}
