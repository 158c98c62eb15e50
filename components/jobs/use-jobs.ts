'use client';
// react-query hooks of the jobs page: list and detail polled with backoff until terminal, track and cancel mutations.
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useRef } from 'react';
import type { JobDetailReply as JobDetailOf, JobListReply } from '@/lib/jobs/views';
import type { TrackJobBody } from '@/lib/jobs/schemas';
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import type { DeliveryView } from '@/lib/webhooks/deliveries';

/** A job's detail with its deliveries as lib/webhooks shows them (lib/job-ports.ts wires that reader in). */
type JobDetailReply = JobDetailOf<DeliveryView>;

export const POLL_MIN_MS = 1_000;
export const POLL_MAX_MS = 8_000;


export interface JobFilterState {
  status: string;
  q: string;
  /** With personal sign-in: my jobs, or the ones shared with the team. */
  view: 'mine' | 'team';
}

/** Polls fast while something changes, doubles the wait while nothing does, and stops once every job shown is terminal. */
function useBackoffInterval<T>(readJobs: (data: T) => { id: string; status: string; is_terminal: boolean }[]) {
  const memory = useRef({ signature: '', unchanged: 0, seenUpdate: 0 });
  return (query: Query<T, Error, T, readonly unknown[]>) => {
    const data = query.state.data;
    if (!data) return POLL_MIN_MS;
    const jobs = readJobs(data);
    if (jobs.every((job) => job.is_terminal)) return false as const;
    const last = memory.current;
    if (query.state.dataUpdatedAt !== last.seenUpdate) {
      last.seenUpdate = query.state.dataUpdatedAt;
      const signature = jobs.map((job) => `${job.id}:${job.status}`).join(',');
      last.unchanged = signature === last.signature ? last.unchanged + 1 : 0;
      last.signature = signature;
    }
    return Math.min(POLL_MAX_MS, POLL_MIN_MS * 2 ** last.unchanged);
  };
}

export function useJobs(filter: JobFilterState) {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  params.set('view', filter.view);
  const refetchInterval = useBackoffInterval((data: JobListReply) => data.data);
  return useQuery({
    queryKey: queryKeys.jobList(filter.status, filter.q.trim(), filter.view),
    queryFn: () => fetchJson<JobListReply>(`/api/jobs?${params}`),
    refetchInterval,
    // Polling stops once every job shown is terminal; coming back to the tab still picks up jobs made meanwhile.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Late webhooks still arrive after a job ends: keep watching until one reports the end, or for a grace period. */
const LATE_DELIVERY_GRACE_MS = 15_000;

function isSettled(detail: JobDetailReply): boolean {
  if (!detail.job.is_terminal) return false;
  const isReported = detail.deliveries.some((delivery) => delivery.reported_status === detail.job.status);
  return isReported || Date.now() - Date.parse(detail.job.updated_at) > LATE_DELIVERY_GRACE_MS;
}

export function useJobDetail(responseId: string | null) {
  const refetchInterval = useBackoffInterval((data: JobDetailReply) => [{ ...data.job, is_terminal: isSettled(data) }]);
  return useQuery({
    queryKey: queryKeys.jobDetail(responseId),
    queryFn: () => fetchJson<JobDetailReply>(apiUrlForId('jobs', responseId ?? '')),
    enabled: responseId !== null,
    refetchInterval,
    staleTime: 0,
  });
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (responseId: string) => fetchJson<JobDetailReply>(apiUrlForId('jobs', responseId, 'cancel'), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.job }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.jobs })),
  });
}

export function useTrackJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackJobBody) => fetchJson<JobDetailReply>('/api/jobs', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs }),
  });
}

export function useShareJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ responseId, shared }: { responseId: string; shared: boolean }) =>
      fetchJson<JobDetailReply>(apiUrlForId('jobs', responseId), { method: 'PATCH', json: { shared } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.job }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.jobs })),
  });
}
