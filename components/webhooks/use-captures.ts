'use client';
// react-query hooks of webhook capture: captures with unmatched deliveries, one capture's deliveries, create, answer, replay.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useIsLive } from './live-updates';
import type { CaptureReply } from '@/lib/webhooks/captures';
import type { DeliveryReply } from '@/lib/webhooks/deliveries';
import type { ReplayReply } from '@/lib/webhooks/replay';
import type { CaptureAnswer } from '@/lib/webhooks/schemas';

const CAPTURE_POLL_MS = 3_000;

/**
 * Polled while live updates (LiveUpdates) are not connected; otherwise refreshed when the server says something arrived,
 * except a capture waiting on a run (or silent since one): the clock decides that watch, and no push announces it.
 */
function pollInterval(isLive: boolean, watches: readonly CaptureReply['watch'][]): number | false {
  if (!isLive) return CAPTURE_POLL_MS;
  return watches.some((watch) => watch.verdict === 'waiting' || watch.verdict === 'silent') ? CAPTURE_POLL_MS : false;
}

export function useCaptures(view: 'mine' | 'team' = 'mine') {
  const isLive = useIsLive();
  return useQuery({
    queryKey: queryKeys.capturesIn(view),
    queryFn: () => fetchJson<{ captures: CaptureReply[]; unmatched: DeliveryReply[] }>(`/api/webhooks?view=${view}`),
    refetchInterval: (query) => pollInterval(isLive, query.state.data?.captures.map((capture) => capture.watch) ?? []),
  });
}

export function useCaptureDeliveries(captureId: string | null) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: queryKeys.capture(captureId),
    queryFn: () => fetchJson<{ capture: CaptureReply; deliveries: DeliveryReply[] }>(`/api/webhooks/${encodeURIComponent(captureId ?? '')}`),
    enabled: captureId !== null,
    refetchInterval: (query) => pollInterval(isLive, query.state.data ? [query.state.data.capture.watch] : []),
  });
}

export function useCreateCapture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<{ id: string; url: string; secret: string }>('/api/webhooks', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.captures }),
  });
}

export function useSetCaptureAnswer(captureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: CaptureAnswer) => fetchJson<CaptureReply>(`/api/webhooks/${encodeURIComponent(captureId)}`, { method: 'PATCH', json: answer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.capture(captureId) }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.captures })),
  });
}

export function useReplayDelivery(captureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId, target }: { deliveryId: number; target?: string }) =>
      fetchJson<ReplayReply>(`/api/webhooks/${encodeURIComponent(captureId)}/deliveries/${deliveryId}/replay`, {
        method: 'POST',
        json: target ? { target } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.capture(captureId) }),
  });
}
