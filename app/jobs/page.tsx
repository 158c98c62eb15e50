// The jobs page: background jobs with their timelines, beside webhook captures and unmatched deliveries.
import { JobsView } from '@/components/jobs/jobs-view';
import { PageTitle } from '@/components/ui/page-title';
import { CapturePanel, UnmatchedDeliveries } from '@/components/webhooks/capture-panel';
import { LiveStatus, LiveUpdates } from '@/components/webhooks/live-updates';
import { getEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

export default function JobsPage() {
  return (
    <LiveUpdates>
      <div data-testid="page-jobs" className="space-y-8">
        <PageTitle title="Jobs">Background responses and the webhook deliveries captured for them.</PageTitle>
        <LiveStatus />
        <JobsView stallAfterMs={getEnv().JOB_STALL_AFTER_MS} />
        <div className="grid gap-6 lg:grid-cols-2">
          <CapturePanel />
          <UnmatchedDeliveries />
        </div>
      </div>
    </LiveUpdates>
  );
}
