'use client';
// The jobs page's live part: track form, filters, the polled job list, and the selected job's detail.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OwnerViewSwitch } from '@/components/ui/owner-controls';
import { sessionQuery } from '@/lib/http/query-keys';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select, TextInput } from '@/components/ui/input';
import { Toolbar } from '@/components/ui/layout';
import { formatDuration } from '@/lib/jobs/status';
import { RESPONSE_STATUSES } from '@/lib/schema/constants';
import { JobDetailPanel } from './job-detail';
import { JobList } from './job-list';
import { TrackJobForm } from './track-job-form';
import { useCancelJob, useJobs, type JobFilterState } from './use-jobs';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...RESPONSE_STATUSES.map((status) => ({ value: status, label: status }))];

export function JobsView({ stallAfterMs }: { stallAfterMs: number }) {
  const [filter, setFilter] = useState<JobFilterState>({ status: '', q: '', view: 'mine' });
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { data, error, isFetching, refetch } = useJobs(filter);
  const cancel = useCancelJob();
  const jobs = data?.data ?? [];
  const current = selectedId ?? jobs[0]?.id ?? null;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2 lg:items-start">
      <Card title="Background jobs" testId="jobs" className="space-y-4" description={`Flagged as stalled after ${formatDuration(stallAfterMs)} queued or in progress.`}>
        <TrackJobForm onTracked={setSelectedId} />
        <Toolbar label="Filter jobs" className="border-t border-line pt-3">
          {isPersonal ? <OwnerViewSwitch name="jobs-view" value={filter.view} onChange={(view) => setFilter({ ...filter, view })} testId="jobs-view" /> : null}
          <Field label="Status" className="w-40">
            <Select value={filter.status} options={STATUS_OPTIONS} onChange={(event) => setFilter({ ...filter, status: event.target.value })} data-testid="jobs-filter-status" />
          </Field>
          <Field label="Response id contains" className="min-w-40 flex-1">
            <TextInput isMono type="search" value={filter.q} onChange={(event) => setFilter({ ...filter, q: event.target.value })} data-testid="jobs-search" />
          </Field>
          <Button onClick={() => void refetch()} data-testid="jobs-refresh">
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        </Toolbar>
        {error ? <Alert>{error.message}</Alert> : null}
        {cancel.error ? <Alert testId="job-cancel-error">Cancel failed: {cancel.error.message}</Alert> : null}
        <JobList
          jobs={jobs}
          selectedId={current}
          onSelect={setSelectedId}
          onCancel={(id) => cancel.mutate(id)}
          cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
        />
      </Card>
      <div className="min-w-0">{current ? <JobDetailPanel responseId={current} onCancel={(id) => cancel.mutate(id)} /> : null}</div>
    </div>
  );
}
