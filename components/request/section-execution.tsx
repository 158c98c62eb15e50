'use client';
// Execution controls: stream, stream_options, background, webhook_url (with a capture), webhook_secret, service_tier.
import { useState } from 'react';
import { LIMITS, SERVICE_TIERS } from '@/lib/schema/constants';
import { useDraftStore, useFieldValue } from './draft-context';
import { BooleanField, SelectField, TextField } from './fields';
import { FormSection } from './form-section';
import { createWebhookCapture } from './webhook-capture';

function CaptureWebhooks() {
  const store = useDraftStore();
  const setField = store.setField;
  const isBackground = useFieldValue('background') === true;
  const [isBackgroundToo, setBackgroundToo] = useState(true);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done'; id: string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const capture = async () => {
    setState({ kind: 'busy' });
    try {
      const data = await createWebhookCapture();
      setField('webhook_url', data.url);
      setField('webhook_secret', data.secret);
      if (isBackgroundToo) setField('background', true);
      setState({ kind: 'done', id: data.id });
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };
  return (
    <div className="flex flex-col gap-1 rounded border border-dashed border-line-strong p-2 text-xs md:col-span-2">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="rounded-md bg-fg px-2 py-1 text-canvas" data-testid="capture-webhooks" disabled={state.kind === 'busy'} onClick={capture}>
          Capture webhooks here
        </button>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={isBackgroundToo} onChange={(event) => setBackgroundToo(event.target.checked)} data-testid="capture-sets-background" />
          also set background: true
        </label>
      </div>
      <p className="text-fg-muted">Creates a capture in this playground and fills webhook_url and webhook_secret. Rule: webhook_url is only valid when background is true{isBackground ? ' (it is).' : '.'}</p>
      {state.kind === 'done' ? <p data-testid="capture-created">Capture {state.id} created: deliveries appear on the Jobs page.</p> : null}
      {state.kind === 'error' ? <p role="alert" className="text-danger">{state.message}</p> : null}
    </div>
  );
}

export function SectionExecution() {
  return (
    <FormSection title="Execution" testId="section-execution" isOpen>
      <BooleanField path="stream" help="true: events stream as they are generated (SSE); false: one JSON object when done." />
      <BooleanField path="stream_options.include_obfuscation" help="stream_options: pad streamed deltas against side-channel length analysis; only with stream true." />
      <BooleanField path="background" help="true: returns at once with an id and runs asynchronously (needs store true)." />
      <SelectField path="service_tier" options={SERVICE_TIERS} help="auto (system chooses), default, flex (cheaper, lower priority), priority (faster)." />
      <TextField path="webhook_url" type="url" help="Receives a POST per status change; valid only when background is true." />
      <TextField path="webhook_secret" isSecret help={`Signs deliveries with HMAC-SHA256; requires webhook_url; ${LIMITS.webhook_secret.minLength} to ${LIMITS.webhook_secret.maxLength} characters.`} />
      <CaptureWebhooks />
    </FormSection>
  );
}
