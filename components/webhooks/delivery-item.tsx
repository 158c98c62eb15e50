'use client';
// One captured delivery: verdict, ids, answer, and on demand its headers, raw body and signature explanation.
import type { DeliveryView } from '@/lib/webhooks/deliveries';
import { SignatureExplanation } from './signature-explanation';
import type { ReactNode } from 'react';

export function VerdictBadge({ isValid }: { isValid: boolean }) {
  return (
    <span
      data-testid="delivery-verdict"
      data-valid={isValid}
      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${isValid ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200' : 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200'}`}
    >
      {isValid ? 'signature valid' : 'signature invalid'}
    </span>
  );
}

export function DeliveryItem({ delivery, actions }: { delivery: DeliveryView; actions?: ReactNode }) {
  return (
    <li className="rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid="delivery-item" data-delivery-id={delivery.id}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <VerdictBadge isValid={delivery.signatureValid} />
        {delivery.duplicate ? <span className="rounded bg-zinc-200 px-1.5 py-0.5 dark:bg-zinc-800">duplicate</span> : null}
        <span className="font-mono">{delivery.eventType ?? 'no event type'}</span>
        <span className="font-mono text-zinc-500">{delivery.responseId ?? 'no response id'}</span>
        <span className="text-zinc-500">X-Webhook-Id {delivery.webhookId ?? '—'}</span>
        <span className="text-zinc-500">answered {delivery.answeredStatus}</span>
        <time className="text-zinc-500" dateTime={delivery.receivedAt}>
          {new Date(delivery.receivedAt).toLocaleTimeString()}
        </time>
        <span className="text-zinc-500">from {delivery.sourceAddress ?? 'unknown'}</span>
        {actions}
      </div>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">Signature, headers and raw body</summary>
        <div className="mt-1 space-y-2">
          {delivery.explanation ? <SignatureExplanation explanation={delivery.explanation} /> : null}
          <pre className="max-h-40 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900" data-testid="delivery-headers">
            {Object.entries(delivery.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
          <pre className="max-h-60 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900" data-testid="delivery-body">
            {delivery.bodyText}
            {delivery.isBodyTruncated ? `\n… (${delivery.bodyLength} bytes in all)` : ''}
          </pre>
        </div>
      </details>
    </li>
  );
}
