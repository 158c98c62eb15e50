'use client';
// Conversation state controls: store, previous_response_id, conversation, truncation, context_management, prompt_cache_key.
import { useId } from 'react';
import { LIMITS, TRUNCATION_MODES } from '@/lib/schema/constants';
import { getPath, isJsonObject } from './body-path';
import { useDraft } from './draft-context';
import { BooleanField, FieldShell, NumberField, SelectField, TextField } from './fields';
import { FormSection } from './form-section';

function CompactionField() {
  const { draft, setField } = useDraft();
  const id = useId();
  const current = getPath(draft.body, 'context_management');
  const isOn = Array.isArray(current) && current.length > 0;
  return (
    <FieldShell label="context_management" htmlFor={id} path="context_management" help={`At most ${LIMITS.context_management.maxItems} element: compaction summarizes older history once the context passes a token threshold.`}>
      <label className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          checked={isOn}
          data-testid="field-context-management"
          onChange={(event) => setField('context_management', event.target.checked ? [{ type: 'compaction' }] : undefined)}
        />
        compaction
      </label>
    </FieldShell>
  );
}

export function SectionState() {
  const { draft } = useDraft();
  const isConversationObject = isJsonObject(draft.body.conversation);
  const hasCompaction = Array.isArray(draft.body.context_management) && draft.body.context_management.length > 0;
  return (
    <FormSection title="State" testId="section-state">
      <BooleanField path="store" help="true (default): the response is saved and can be retrieved by id; false: not kept. Background needs true." />
      <TextField path="previous_response_id" help="Id of an earlier response to continue from; the agent sees that chain. Not combinable with conversation." />
      {isConversationObject ? (
        <TextField path="conversation.id" help="Conversation the response belongs to (object form); its items are prepended and this turn appended." />
      ) : (
        <TextField path="conversation" help="Conversation id the response belongs to; its items are prepended and this turn appended." />
      )}
      <SelectField path="truncation" options={TRUNCATION_MODES} help="auto drops old messages to fit the context window; disabled returns an error instead." />
      <CompactionField />
      {hasCompaction ? (
        <NumberField path="context_management[0].compact_threshold" help={`Token count that triggers compaction (at least ${LIMITS.compact_threshold.min}); empty lets the gateway choose.`} />
      ) : null}
      <TextField path="prompt_cache_key" help="Stable key for reusing cached prompt processing across requests." />
    </FormSection>
  );
}
