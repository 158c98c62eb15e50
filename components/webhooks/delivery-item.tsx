'use client';
// One captured delivery: verdict, ids, answer, and on demand its headers, raw body and signature explanation.
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Disclosure } from '@/components/ui/disclosure';
import { Mono } from '@/components/ui/mono';
import type { DeliveryReply } from '@/lib/webhooks/deliveries';
import { SignatureExplanation } from './signature-explanation';

export function VerdictBadge({ isValid }: { isValid: boolean }) {
  return (
    <Badge tone={isValid ? 'success' : 'danger'} testId="delivery-verdict" data={{ 'data-valid': isValid }}>
      {isValid ? 'signature valid' : 'signature invalid'}
    </Badge>
  );
}

const preClass = 'max-h-60 overflow-auto rounded-md bg-sunken p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]';

export function DeliveryItem({ delivery, actions }: { delivery: DeliveryReply; actions?: ReactNode }) {
  return (
    <li className="min-w-0 rounded-lg border border-line bg-surface p-3" data-testid="delivery-item" data-delivery-id={delivery.id}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <VerdictBadge isValid={delivery.signature_valid} />
        {delivery.duplicate ? <Badge>duplicate</Badge> : null}
        <Mono className="font-medium">{delivery.event_type ?? 'no event type'}</Mono>
        <Mono className="text-fg-muted">{delivery.response_id ?? 'no response id'}</Mono>
      </div>
      <p className="mt-1 flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-xs text-fg-muted">
        <span className="[overflow-wrap:anywhere]">X-Webhook-Id {delivery.webhook_id ?? '—'}</span>
        <span>answered {delivery.answered_status}</span>
        <time dateTime={delivery.received_at}>{new Date(delivery.received_at).toLocaleTimeString()}</time>
        <span className="[overflow-wrap:anywhere]">from {delivery.source_address ?? 'unknown'}</span>
      </p>
      {actions ? <div className="mt-2 flex flex-wrap items-center gap-2">{actions}</div> : null}
      <Disclosure summary="Signature, headers and raw body" className="mt-2" buttonClassName="text-xs">
        <div className="space-y-2">
          {delivery.explanation ? <SignatureExplanation explanation={delivery.explanation} /> : null}
          <pre className={preClass} data-testid="delivery-headers" tabIndex={0}>
            {Object.entries(delivery.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
          <pre className={preClass} data-testid="delivery-body" tabIndex={0}>
            {delivery.body_text}
            {delivery.is_body_truncated ? `\n… (${delivery.body_length} bytes in all)` : ''}
          </pre>
        </div>
      </Disclosure>
    </li>
  );
}
