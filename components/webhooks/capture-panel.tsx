'use client';
// Webhook capture: create a capture URL and secret, pick one, whether the gateway delivers, script its answer, read and replay its deliveries.
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select, TextInput } from '@/components/ui/input';
import { DescriptionList, EmptyState } from '@/components/ui/layout';
import { IdText } from '@/components/ui/mono';
import { Skeleton } from '@/components/ui/progress';
import type { CaptureReply } from '@/lib/webhooks/captures';
import type { DeliveryReply } from '@/lib/webhooks/deliveries';
import { CaptureAnswerForm } from './capture-answer-form';
import { CaptureWatchNote, describeSilence } from './capture-watch-note';
import { DeliveryItem } from './delivery-item';
import { useQuery } from '@tanstack/react-query';
import { OwnerViewSwitch, ShareSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { sessionQuery } from '@/lib/http/query-keys';
import { useCaptureDeliveries, useCaptures, useCreateCapture, useReplayDelivery, useSetCaptureAnswer } from './use-captures';

function ReplayButton({ captureId, delivery, target }: { captureId: string; delivery: DeliveryReply; target: string }) {
  const replay = useReplayDelivery(captureId);
  const result = replay.data;
  return (
    <>
      <Button size="sm" data-testid="delivery-replay" isLoading={replay.isPending} loadingText="Replaying…" onClick={() => replay.mutate({ deliveryId: delivery.id, target: target.trim() || undefined })}>
        Replay
      </Button>
      {result ? (
        <span role="status" className="text-xs text-fg-muted">
          {result.http_status === null ? `failed: ${result.error}` : `answered ${result.http_status} in ${result.duration_ms} ms`}
        </span>
      ) : null}
      {replay.error ? (
        <span role="alert" className="text-xs text-danger [overflow-wrap:anywhere]">
          {replay.error.message}
        </span>
      ) : null}
    </>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** The capture's caps in words: what it keeps, what happens past them. */
export function describeCaptureCap(capture: CaptureReply): string {
  return (
    `${capture.delivery_count} of at most ${capture.max_deliveries} deliveries, ${formatBytes(capture.stored_bytes)} of ${formatBytes(capture.max_bytes)}; ` +
    'the oldest are evicted, and deliveries without a valid signature are not stored once it is full.'
  );
}

function CaptureDetail({ captureId }: { captureId: string }) {
  const { data, error } = useCaptureDeliveries(captureId);
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const share = useSetCaptureAnswer(captureId);
  const [target, setTarget] = useState('');
  if (error) return <Alert>{error.message}</Alert>;
  if (!data) return <Skeleton label="Loading the capture…" />;
  const { capture, deliveries } = data;
  return (
    <div className="min-w-0 space-y-4" data-testid="capture-detail" data-capture-id={capture.id}>
      <DescriptionList
        items={[
          { term: 'webhook_url', value: <IdText id={capture.url} kind="webhook URL" isCopyable testId="capture-url" /> },
          { term: 'webhook_secret', value: <IdText id={capture.secret} kind="webhook secret" isCopyable testId="capture-secret" /> },
          { term: 'Kept', value: describeCaptureCap(capture), testId: 'capture-cap' },
        ]}
      />
      {isPersonal && capture.is_changeable ? (
        <ShareSwitch isShared={capture.shared} isBusy={share.isPending} onChange={(shared) => share.mutate({ shared })} testId="capture-share" />
      ) : null}
      <CaptureWatchNote watch={capture.watch} />
      <CaptureAnswerForm key={capture.id} capture={capture} />
      <Field label="Replay to" hint="Empty: this capture's own receiver. Any other target must be listed in the server's WEBHOOK_REPLAY_ALLOW.">
        <TextInput isMono value={target} placeholder="this capture" onChange={(event) => setTarget(event.target.value)} data-testid="replay-target" />
      </Field>
      {deliveries.length === 0 ? (
        <p className="text-sm text-fg-muted">No deliveries yet.</p>
      ) : (
        <ul className="space-y-2" data-testid="capture-deliveries" aria-label="Deliveries to this capture">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} actions={<ReplayButton captureId={capture.id} delivery={delivery} target={target} />} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function CapturePanel() {
  const [view, setView] = useState<OwnerListView>('mine');
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const { data } = useCaptures(view);
  const create = useCreateCapture();
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? data?.captures[0]?.id ?? null;
  return (
    <Card
      title="Webhook captures"
      testId="webhook-captures"
      className="space-y-4"
      actions={
        <Button size="sm" variant="primary" data-testid="capture-create" isLoading={create.isPending} onClick={() => create.mutate(undefined, { onSuccess: (capture) => setSelected(capture.id) })}>
          New capture
        </Button>
      }
    >
      {isPersonal ? <OwnerViewSwitch name="captures-view" value={view} onChange={setView} testId="captures-view" /> : null}
      {data && data.captures.length > 0 ? (
        <Field label="Capture">
          <Select isMono value={current ?? ''} onChange={(event) => setSelected(event.target.value)} data-testid="capture-select">
            {data.captures.map((capture) => (
              <option key={capture.id} value={capture.id}>
                {capture.id} ({capture.delivery_count} of {capture.max_deliveries} deliveries{describeSilence(capture.watch) ? `; ${describeSilence(capture.watch)}` : ''})
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <EmptyState title="No captures yet">Create one and use its URL and secret as webhook_url and webhook_secret.</EmptyState>
      )}
      {current ? <CaptureDetail captureId={current} /> : null}
    </Card>
  );
}

export function UnmatchedDeliveries() {
  const { data } = useCaptures();
  const unmatched = data?.unmatched ?? [];
  return (
    <Card title="Unmatched deliveries" description="Deliveries naming a response that is not a tracked job." testId="unmatched-deliveries">
      {unmatched.length === 0 ? (
        <p className="text-sm text-fg-muted">Every captured delivery names a tracked job.</p>
      ) : (
        <ul className="space-y-2" aria-label="Unmatched deliveries">
          {unmatched.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </Card>
  );
}
