'use client';
// Live updates pushed by the server (/api/events): a delivery or a job status, received by any instance, refreshes what the
// page shows at once. While the connection is down the page polls instead, and says so.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { queryKeys } from '@/lib/http/query-keys';

interface LiveEventData {
  capture_id?: string;
  response_id?: string | null;
}

const LiveContext = createContext(false);

/** True while pushed updates arrive from every instance (polling is then unnecessary). */
export function useIsLive(): boolean {
  return useContext(LiveContext);
}

export function LiveUpdates({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    const source = new EventSource('/api/events');
    const refreshJob = (responseId: string | null | undefined) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
      if (responseId) void queryClient.invalidateQueries({ queryKey: queryKeys.jobDetail(responseId) });
    };
    const read = (event: MessageEvent<string>): LiveEventData => {
      try {
        return JSON.parse(event.data) as LiveEventData;
      } catch {
        return {};
      }
    };
    source.addEventListener('ready', (event) => {
      setLive((read(event) as { hears_other_instances?: boolean }).hears_other_instances === true);
      // What happened while the connection was down is read once now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.captures });
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyCapture });
      refreshJob(null);
    });
    source.addEventListener('webhook.delivery', (event) => {
      const data = read(event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.captures });
      if (data.capture_id) void queryClient.invalidateQueries({ queryKey: queryKeys.capture(data.capture_id) });
      refreshJob(data.response_id);
    });
    source.addEventListener('job.status', (event) => {
      refreshJob(read(event).response_id);
      // A new background job may have named a capture as its webhook_url: its watch starts waiting.
      void queryClient.invalidateQueries({ queryKey: queryKeys.captures });
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyCapture });
    });
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient]);
  return <LiveContext.Provider value={isLive}>{children}</LiveContext.Provider>;
}

/** Says whether deliveries appear by themselves or the page is polling (the connection is down). */
export function LiveStatus() {
  const isLive = useIsLive();
  return (
    <p className="text-xs text-fg-muted" data-testid="live-status" data-live={isLive ? 'true' : 'false'}>
      {isLive ? 'Live: new deliveries and statuses appear as any instance receives them.' : 'Live updates are not connected; refreshing every 3 s.'}
    </p>
  );
}
