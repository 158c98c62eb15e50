'use client';
// Webhook capture: create a capture URL and secret, pick one, script its answer, read and replay its deliveries.
import { useState } from 'react';
import type { DeliveryView } from '@/lib/webhooks/deliveries';
import { CaptureAnswerForm } from './capture-answer-form';
import { DeliveryItem } from './delivery-item';
import { useCaptureDeliveries, useCaptures, useCreateCapture, useReplayDelivery } from './use-captures';

function ReplayButton({ captureId, delivery, target }: { captureId: string; delivery: DeliveryView; target: string }) {
  const replay = useReplayDelivery(captureId);
  const result = replay.data;
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className="rounded border px-1.5 py-0.5 text-xs"
        data-testid="delivery-replay"
        disabled={replay.isPending}
        onClick={() => replay.mutate({ deliveryId: delivery.id, target: target.trim() || undefined })}
      >
        {replay.isPending ? 'Replaying…' : 'Replay'}
      </button>
      {result ? <span className="text-xs text-zinc-500">{result.httpStatus === null ? `failed: ${result.error}` : `answered ${result.httpStatus} in ${result.durationMs} ms`}</span> : null}
      {replay.error ? <span className="text-xs text-red-700 dark:text-red-400">{replay.error.message}</span> : null}
    </span>
  );
}

function CaptureDetail({ captureId }: { captureId: string }) {
  const { data, error } = useCaptureDeliveries(captureId);
  const [target, setTarget] = useState('');
  if (error) return <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p>;
  if (!data) return <p className="text-sm text-zinc-500">Loading…</p>;
  const { capture, deliveries } = data;
  return (
    <div className="space-y-2" data-testid="capture-detail" data-capture-id={capture.id}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-xs">
        <dt className="text-zinc-500">webhook_url</dt>
        <dd className="font-mono break-all" data-testid="capture-url">{capture.url}</dd>
        <dt className="text-zinc-500">webhook_secret</dt>
        <dd className="font-mono break-all" data-testid="capture-secret">{capture.secret}</dd>
      </dl>
      <CaptureAnswerForm key={capture.id} capture={capture} />
      <label className="flex flex-col text-xs">
        replay target (empty: this capture; loopback or this playground&apos;s origin only)
        <input className="rounded border px-2 py-1 font-mono text-sm" value={target} onChange={(event) => setTarget(event.target.value)} data-testid="replay-target" />
      </label>
      {deliveries.length === 0 ? (
        <p className="text-xs text-zinc-500">No deliveries yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="capture-deliveries">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} actions={<ReplayButton captureId={capture.id} delivery={delivery} target={target} />} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function CapturePanel() {
  const { data } = useCaptures();
  const create = useCreateCapture();
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? data?.captures[0]?.id ?? null;
  return (
    <section aria-labelledby="captures-title" className="space-y-2" data-testid="webhook-captures">
      <div className="flex items-center gap-2">
        <h2 id="captures-title" className="font-semibold">
          Webhook captures
        </h2>
        <button
          type="button"
          className="rounded border px-2 py-1 text-xs"
          data-testid="capture-create"
          disabled={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: (capture) => setSelected(capture.id) })}
        >
          New capture
        </button>
      </div>
      {data && data.captures.length > 0 ? (
        <label className="flex flex-col text-xs">
          capture
          <select className="rounded border px-2 py-1 font-mono text-sm" value={current ?? ''} onChange={(event) => setSelected(event.target.value)} data-testid="capture-select">
            {data.captures.map((capture) => (
              <option key={capture.id} value={capture.id}>
                {capture.id} ({capture.deliveryCount} deliveries)
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="text-xs text-zinc-500">No captures yet: create one and use its URL and secret as webhook_url and webhook_secret.</p>
      )}
      {current ? <CaptureDetail captureId={current} /> : null}
    </section>
  );
}

export function UnmatchedDeliveries() {
  const { data } = useCaptures();
  const unmatched = data?.unmatched ?? [];
  return (
    <section aria-labelledby="unmatched-title" className="space-y-2" data-testid="unmatched-deliveries">
      <h2 id="unmatched-title" className="font-semibold">
        Unmatched deliveries
      </h2>
      {unmatched.length === 0 ? (
        <p className="text-xs text-zinc-500">Every captured delivery names a tracked job.</p>
      ) : (
        <ul className="space-y-1">
          {unmatched.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </section>
  );
}
