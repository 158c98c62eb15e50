'use client';
// Gateway extras: auto_routing, auto_routing_debug and the X-On-Behalf-Of header.
import { useId } from 'react';
import { LIMITS } from '@/lib/schema/constants';
import { useDraft } from './draft-context';
import { BooleanField, inputClass } from './fields';
import { FormSection } from './form-section';

export function SectionGateway() {
  const { draft, setOnBehalfOf } = useDraft();
  const id = useId();
  const value = draft.onBehalfOf;
  const problem = value.length > LIMITS.on_behalf_of.maxLength
    ? `At most ${LIMITS.on_behalf_of.maxLength} characters.`
    : /[^\x20-\x7e]/.test(value) ? 'Only printable ASCII characters are allowed in a header.' : null;
  return (
    <FormSection title="Gateway" testId="section-gateway">
      <BooleanField path="auto_routing" help="Gateway extension: routes among quantized, MoE and dense variants of the model family by request complexity." />
      <BooleanField path="auto_routing_debug" help="Gateway extension: with auto_routing, puts the routing decision in response.metadata.auto_routing_debug." />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-mono text-xs font-semibold">X-On-Behalf-Of (header)</label>
        <input
          id={id}
          className={inputClass}
          value={value}
          aria-invalid={Boolean(problem)}
          data-testid="field-x-on-behalf-of"
          onChange={(event) => setOnBehalfOf(event.target.value)}
        />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">External end-user id the gateway forwards; stored responses are scoped to it. A header, not a body field.</p>
        {problem ? <p role="alert" className="text-xs text-red-700 dark:text-red-400" data-testid="field-x-on-behalf-of-error">{problem}</p> : null}
      </div>
    </FormSection>
  );
}
