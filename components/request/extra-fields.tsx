'use client';
// The "extra fields" bag: top-level fields the form has no control for, edited as JSON and always sent.
import { pickExtraFields, replaceExtraFields } from './body-path';
import { useDraftStore } from './draft-context';
import { JsonValueField } from './json-value-field';

export function ExtraFields() {
  const store = useDraftStore();
  return (
    <div className="md:col-span-2">
      <ExtraFieldsEditor onReplace={(next) => store.setBody(replaceExtraFields(store.getState().draft.body, next))} />
    </div>
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
