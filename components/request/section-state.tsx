'use client';
// Conversation state controls: store, previous_response_id, conversation, truncation, context_management, prompt_cache_key.
import { Checkbox } from '@/components/ui/checkbox';
import { LIMITS, TRUNCATION_MODES } from '@/lib/schema/constants';
import { isJsonObject } from './body-path';
import { useDraftStore, useFieldValue } from './draft-context';
import { BodyField, BooleanField, NumberField, SelectField, TextField } from './fields';

function CompactionField() {
  const store = useDraftStore();
  const current = useFieldValue('context_management');
  const isOn = Array.isArray(current) && current.length > 0;
  return (
    <BodyField path="context_management" label="Context management" keywords="compaction" help={`At most ${LIMITS.context_management.maxItems} element: compaction summarizes older history once the context passes a token threshold.`}>
      <Checkbox
        label="compaction"
        checked={isOn}
        data-testid="field-context-management"
        onChange={(event) => store.setField('context_management', event.target.checked ? [{ type: 'compaction' }] : undefined)}
      />
    </BodyField>
  );
}

export function SectionState() {
  const conversation = useFieldValue('conversation');
  const contextManagement = useFieldValue('context_management');
  const isConversationObject = isJsonObject(conversation);
  const hasCompaction = Array.isArray(contextManagement) && contextManagement.length > 0;
  return (
    <>
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
    </>
  );
}
