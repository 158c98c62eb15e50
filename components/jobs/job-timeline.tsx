// One job's timeline: submitted, each status with its source, and each webhook delivery with delay, retries and verdict,
// in one column of times and one of events, joined by a rail.
import type { ReactNode } from 'react';
import { VerdictBadge } from '@/components/webhooks/delivery-item';
import { formatDuration } from '@/lib/jobs/status';
import type { TimelineEntryReply } from '@/lib/jobs/timeline';
import { StatusBadge } from './status-badge';

function describeDelay(delayMs: number | null): string {
  if (delayMs === null) return 'status never seen otherwise';
  return delayMs < 0 ? `${formatDuration(-delayMs)} before we saw the status` : `${formatDuration(delayMs)} after the status change`;
}

function Row({ at, marker, children, data }: { at: string; marker: string; children: ReactNode; data: Record<`data-${string}`, string | boolean> }) {
  return (
    <li className="relative grid grid-cols-[4.75rem_minmax(0,1fr)] gap-x-3 pb-3 last:pb-0 sm:grid-cols-[5.75rem_minmax(0,1fr)]" data-testid="timeline-entry" {...data}>
      <time className="pt-0.5 text-right font-mono text-xs text-fg-muted tabular-nums" dateTime={at}>
        {new Date(at).toLocaleTimeString()}
      </time>
      <div className="relative min-w-0 border-l border-line pl-4">
        <span aria-hidden="true" className={`absolute top-1.5 -left-[5px] size-2.5 rounded-full border-2 border-surface ${marker}`} />
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">{children}</div>
      </div>
    </li>
  );
}

export function JobTimeline({ entries }: { entries: TimelineEntryReply[] }) {
  return (
    <ol className="min-w-0" data-testid="job-timeline">
      {entries.map((entry) => {
        if (entry.kind === 'submitted') {
          return (
            <Row key="submitted" at={entry.at} marker="bg-fg-muted" data={{ 'data-kind': 'submitted' }}>
              <span>submitted</span>
            </Row>
          );
        }
        if (entry.kind === 'status') {
          return (
            <Row key={`status-${entry.status}-${entry.at}`} at={entry.at} marker="bg-accent" data={{ 'data-kind': 'status', 'data-status': entry.status }}>
              <StatusBadge status={entry.status} testId="timeline-status" />
              <span className="text-xs text-fg-muted">via {entry.source}</span>
            </Row>
          );
        }
        const retries = entry.attempts.length - 1;
        return (
          <Row
            key={`delivery-${entry.delivery_id}`}
            at={entry.at}
            marker={entry.signature_valid ? 'bg-success' : 'bg-danger'}
            data={{ 'data-kind': 'delivery', 'data-status': entry.reported_status ?? '', 'data-valid': entry.signature_valid }}
          >
            <span className="[overflow-wrap:anywhere]">webhook {entry.event_type ?? '(no type)'}</span>
            <VerdictBadge isValid={entry.signature_valid} />
            <span className="text-xs text-fg-muted">{describeDelay(entry.delay_ms)}</span>
            <span className="text-xs text-fg-muted" data-testid="timeline-retries">
              {retries === 0 ? 'delivered once' : `${retries} ${retries === 1 ? 'retry' : 'retries'} (same X-Webhook-Id)`}
            </span>
          </Row>
        );
      })}
    </ol>
  );
}
