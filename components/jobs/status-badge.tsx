// A job's status as a coloured badge; stalled jobs get a second badge with the reason.
import { Badge, StatusBadge as StatusBadgePrimitive } from '@/components/ui/badge';
import type { StallFlagReply } from '@/lib/jobs/status';

export function StatusBadge({ status, testId = 'job-status' }: { status: string; testId?: string }) {
  return <StatusBadgePrimitive status={status} testId={testId} />;
}

export function StallBadge({ stall }: { stall: StallFlagReply | null }) {
  if (!stall) return null;
  return (
    <Badge tone="danger" testId="job-stall-badge" title={stall.reason}>
      stalled
      <span className="sr-only">: {stall.reason}</span>
    </Badge>
  );
}

/** Said beside a status no server has checked since its poll fell due (no instance runs the refresher, or it is stuck). */
export function StaleNote({ overdueSince }: { overdueSince: string | null }) {
  if (!overdueSince) return null;
  return (
    <p className="text-xs text-warning" data-testid="job-may-be-stale">
      This status may be stale: it was due to be checked at {new Date(overdueSince).toLocaleTimeString()} and no server has checked it since.
    </p>
  );
}
