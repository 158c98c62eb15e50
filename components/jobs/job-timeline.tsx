// One job's timeline: submitted, each status with its source, and each webhook delivery with delay, retries and verdict.
import { formatDuration } from '@/lib/jobs/status';
import type { TimelineEntry } from '@/lib/jobs/timeline';
import { VerdictBadge } from '@/components/webhooks/delivery-item';
import { StatusBadge } from './status-badge';

function describeDelay(delayMs: number | null): string {
  if (delayMs === null) return 'status never seen otherwise';
  return delayMs < 0 ? `${formatDuration(-delayMs)} before we saw the status` : `${formatDuration(delayMs)} after the status change`;
}

export function JobTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-1 border-l border-zinc-300 pl-3 text-sm dark:border-zinc-700" data-testid="job-timeline">
      {entries.map((entry) => {
        const time = (
          <time className="w-24 shrink-0 font-mono text-xs text-zinc-500" dateTime={entry.at}>
            {new Date(entry.at).toLocaleTimeString()}
          </time>
        );
        if (entry.kind === 'submitted') {
          return (
            <li key="submitted" className="flex gap-2" data-testid="timeline-entry" data-kind="submitted">
              {time}
              <span>submitted</span>
            </li>
          );
        }
        if (entry.kind === 'status') {
          return (
            <li key={`status-${entry.status}-${entry.at}`} className="flex items-center gap-2" data-testid="timeline-entry" data-kind="status" data-status={entry.status}>
              {time}
              <StatusBadge status={entry.status} testId="timeline-status" />
              <span className="text-xs text-zinc-500">via {entry.source}</span>
            </li>
          );
        }
        const retries = entry.attempts.length - 1;
        return (
          <li
            key={`delivery-${entry.deliveryId}`}
            className="flex flex-wrap items-center gap-2"
            data-testid="timeline-entry"
            data-kind="delivery"
            data-status={entry.reportedStatus ?? ''}
            data-valid={entry.signatureValid}
          >
            {time}
            <span>webhook {entry.eventType ?? '(no type)'}</span>
            <VerdictBadge isValid={entry.signatureValid} />
            <span className="text-xs text-zinc-500">{describeDelay(entry.delayMs)}</span>
            <span className="text-xs text-zinc-500" data-testid="timeline-retries">
              {retries === 0 ? 'delivered once' : `${retries} ${retries === 1 ? 'retry' : 'retries'} (same X-Webhook-Id)`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
