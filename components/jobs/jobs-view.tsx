'use client';
// The jobs page's live part: track form, filters, the polled job list, and the selected job's detail.
import { useState } from 'react';
import { JOB_STATUSES, formatDuration } from '@/lib/jobs/status';
import { JobDetailPanel } from './job-detail';
import { JobList } from './job-list';
import { TrackJobForm } from './track-job-form';
import { useCancelJob, useJobs, type JobFilterState } from './use-jobs';

export function JobsView({ stallAfterMs }: { stallAfterMs: number }) {
  const [filter, setFilter] = useState<JobFilterState>({ status: '', q: '' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { data, error, isFetching, refetch } = useJobs(filter);
  const cancel = useCancelJob();
  const jobs = data?.data ?? [];
  const current = selectedId ?? jobs[0]?.id ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="jobs-title" className="space-y-3" data-testid="jobs">
        <h2 id="jobs-title" className="font-semibold">
          Background jobs
        </h2>
        <TrackJobForm onTracked={setSelectedId} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-xs">
            status
            <select className="rounded border px-2 py-1 text-sm" value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value })} data-testid="jobs-filter-status">
              <option value="">any</option>
              {JOB_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-xs">
            q (response id contains)
            <input className="rounded border px-2 py-1 font-mono text-sm" value={filter.q} onChange={(event) => setFilter({ ...filter, q: event.target.value })} data-testid="jobs-search" />
          </label>
          <button type="button" className="rounded border px-2 py-1 text-xs" onClick={() => void refetch()} data-testid="jobs-refresh">
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <span className="text-xs text-zinc-500">Flagged as stalled after {formatDuration(stallAfterMs)} queued or in_progress.</span>
        </div>
        {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p> : null}
        {cancel.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="job-cancel-error">
            Cancel failed: {cancel.error.message}
          </p>
        ) : null}
        <JobList
          jobs={jobs}
          selectedId={current}
          onSelect={setSelectedId}
          onCancel={(id) => cancel.mutate(id)}
          cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
        />
      </section>
      <div className="space-y-6">{current ? <JobDetailPanel responseId={current} onCancel={(id) => cancel.mutate(id)} /> : null}</div>
    </div>
  );
}
