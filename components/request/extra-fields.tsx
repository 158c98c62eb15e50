'use client';
// The "extra fields" bag: top-level fields the form has no control for, edited as JSON and always sent.
import { pickExtraFields, replaceExtraFields } from './body-path';
import { useDraftStore, useFieldSelector } from './draft-context';
import { FormSection } from './form-section';
import { JsonValueField } from './json-value-field';

const countExtraFields = (body: unknown) => Object.keys(pickExtraFields((body ?? {}) as Record<string, unknown>)).length;

export function ExtraFields() {
  const store = useDraftStore();
  const count = useFieldSelector('', countExtraFields);
  return (
    <FormSection title={`Extra fields (${count})`} testId="section-extra" isOpen={count > 0}>
      <div className="md:col-span-2">
        <ExtraFieldsEditor onReplace={(next) => store.setBody(replaceExtraFields(store.getState().draft.body, next))} />
      </div>
    </FormSection>
  );
}

function ExtraFieldsEditor({ onReplace }: { onReplace: (extra: Record<string, unknown>) => void }) {
  return (
    <JsonValueField
      path=""
      label="extra fields"
      rows={4}
      help="Top-level fields the form does not know (newer API fields); kept and sent unchanged. A JSON object."
      read={(body) => {
        const extra = pickExtraFields((body ?? {}) as Record<string, unknown>);
        return Object.keys(extra).length ? extra : undefined;
      }}
      onValue={(next) => onReplace(typeof next === 'object' && next !== null && !Array.isArray(next) ? (next as Record<string, unknown>) : {})}
    />
  );
}
