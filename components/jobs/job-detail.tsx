'use client';
// The selected job: summary, time per state, its timeline and the webhook deliveries that name it.
import Link from 'next/link';
import { Button, buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Mono } from '@/components/ui/mono';
import { Skeleton } from '@/components/ui/progress';
import { Tabs } from '@/components/ui/tabs';
import { DeliveryItem } from '@/components/webhooks/delivery-item';
import { StateDurations, isCancellable } from './job-list';
import { JobTimeline } from './job-timeline';
import { StaleNote, StallBadge, StatusBadge } from './status-badge';
import { useQuery } from '@tanstack/react-query';
import { ShareSwitch } from '@/components/ui/owner-controls';
import { sessionQuery } from '@/lib/http/query-keys';
import { useJobDetail, useShareJob } from './use-jobs';
import { openResultHref } from './open-result-href';

export function JobDetailPanel({ responseId, onCancel }: { responseId: string; onCancel: (id: string) => void }) {
  const { data, error, isPending } = useJobDetail(responseId);
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const share = useShareJob();
  if (isPending) return <Skeleton label={`Loading ${responseId}…`} className="rounded-lg border border-line bg-surface p-4" />;
  if (error) return <Alert>{error.message}</Alert>;
  const { job, timeline, deliveries } = data;
  return (
    <Card
      title={
        <>
          Job <Mono>{job.id}</Mono>
        </>
      }
      actions={<CopyButton text={job.id} label="Copy response id" />}
      className="space-y-4"
      testId="job-detail"
      data={{ 'data-job-id': job.id }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={job.status} testId="job-detail-status" />
        <StallBadge stall={job.stall} />
        {isCancellable(job) ? (
          <Button size="sm" variant="danger" data-testid="job-detail-cancel" onClick={() => onCancel(job.id)}>
            Cancel on the gateway
          </Button>
        ) : null}
        <Link href={openResultHref(job)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Open the result in the transcript
        </Link>
        {isPersonal && job.is_changeable ? (
          <ShareSwitch isShared={job.shared} isBusy={share.isPending} onChange={(shared) => share.mutate({ responseId: job.id, shared })} testId="job-share" />
        ) : null}
      </div>
      <StaleNote overdueSince={job.poll_overdue_since} />
      {job.stall ? <Alert tone="warning" isLive={false}>{job.stall.reason}</Alert> : null}
      <StateDurations job={job} />
      <Tabs
        label="Job history"
        tabs={[
          { id: 'timeline', label: 'Timeline', testId: 'job-tab-timeline', content: <JobTimeline entries={timeline} /> },
          {
            id: 'deliveries',
            label: `Webhook deliveries (${deliveries.length})`,
            testId: 'job-tab-deliveries',
            content:
              deliveries.length === 0 ? (
                <p className="text-sm text-fg-muted">None captured naming this response. Create a capture below and pass its URL as webhook_url.</p>
              ) : (
                <ul className="space-y-2" data-testid="job-deliveries" aria-label="Webhook deliveries naming this response">
                  {deliveries.map((delivery) => (
                    <DeliveryItem key={delivery.id} delivery={delivery} />
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Card>
  );
}
