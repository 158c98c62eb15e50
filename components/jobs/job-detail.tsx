'use client';
// The selected job: summary, time per state, its timeline and the webhook deliveries that name it.
import Link from 'next/link';
import { DeliveryItem } from '@/components/webhooks/delivery-item';
import { StateDurations, isCancellable } from './job-list';
import { JobTimeline } from './job-timeline';
import { StallBadge, StatusBadge } from './status-badge';
import { useJobDetail } from './use-jobs';

export function JobDetailPanel({ responseId, onCancel }: { responseId: string; onCancel: (id: string) => void }) {
  const { data, error, isPending } = useJobDetail(responseId);
  if (isPending) return <p className="text-sm text-zinc-500">Loading {responseId}…</p>;
  if (error) return <p className="text-sm text-red-700 dark:text-red-400" role="alert">{error.message}</p>;
  const { job, timeline, deliveries } = data;
  return (
    <section aria-labelledby="job-detail-title" className="space-y-3" data-testid="job-detail" data-job-id={job.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="job-detail-title" className="font-mono text-sm font-semibold">
          {job.id}
        </h2>
        <StatusBadge status={job.status} testId="job-detail-status" />
        <StallBadge stall={job.stall} />
        {isCancellable(job) ? (
          <button type="button" className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-700" data-testid="job-detail-cancel" onClick={() => onCancel(job.id)}>
            Cancel
          </button>
        ) : null}
        <Link href={`/?response=${encodeURIComponent(job.id)}`} className="text-xs underline">
          Open the result in the transcript
        </Link>
      </div>
      {job.stall ? <p className="text-xs text-red-700 dark:text-red-400">{job.stall.reason}</p> : null}
      <StateDurations job={job} />
      <div>
        <h3 className="mb-1 text-xs font-semibold uppercase text-zinc-500">Timeline</h3>
        <JobTimeline entries={timeline} />
      </div>
      <div>
        <h3 className="mb-1 text-xs font-semibold uppercase text-zinc-500">Webhook deliveries naming this response ({deliveries.length})</h3>
        {deliveries.length === 0 ? (
          <p className="text-xs text-zinc-500">None captured. Create a capture below and pass its URL as webhook_url.</p>
        ) : (
          <ul className="space-y-1" data-testid="job-deliveries">
            {deliveries.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
