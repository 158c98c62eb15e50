'use client';
// Output controls: text.format (with a JSON Schema editor), text.verbosity, include, max_output_tokens, top_logprobs, modalities, audio.
import dynamic from 'next/dynamic';
import { INCLUDE_VALUES, LIMITS, MODALITIES, VERBOSITIES } from '@/lib/schema/constants';
import { Select } from '@/components/ui/input';
import { isJsonObject } from './body-path';
import { useDraftStore, useFieldValue } from './draft-context';
import { BodyField, BooleanField, NumberField, SelectField, TextField } from './fields';
import { MultiCheckField } from './multi-check-field';
import { createJsonSchemaFormat } from './json-schema-format';

/** The meta-schema validator (precompiled, the size of a few sections) loads when a json_schema format is first shown. */
const JsonSchemaField = dynamic(() => import('./json-schema-field').then((module) => module.JsonSchemaField), { ssr: false, loading: () => <p role="status" className="text-sm text-fg-muted">Loading…</p> });

const FORMAT_TYPES = ['text', 'json_object', 'json_schema'] as const;

function FormatTypeField() {
  const store = useDraftStore();
  const format = useFieldValue('text.format');
  const type = isJsonObject(format) && typeof format.type === 'string' ? format.type : '';
  const isKnown = type === '' || (FORMAT_TYPES as readonly string[]).includes(type);
  return (
    <BodyField path="text.format.type" label="Output format" keywords="json schema structured output" help="text (default), json_object (legacy JSON mode: mention JSON in the prompt) or json_schema (structured output, starts from an example schema).">
      <Select
        value={type}
        data-testid="field-text-format-type"
        onChange={(event) => {
          const next = event.target.value;
          if (next === '') store.setField('text.format', undefined);
          else if (next === 'json_schema' && !(isJsonObject(format) && isJsonObject(format.schema))) store.setField('text.format', createJsonSchemaFormat());
          else store.setField('text.format.type', next);
        }}
      >
        <option value="">(not set)</option>
        {FORMAT_TYPES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {isKnown ? null : <option value={type}>{type} (not a known value)</option>}
      </Select>
    </BodyField>
  );
}

export function SectionOutput() {
  const formatType = useFieldValue('text.format.type');
  return (
    <>
      <FormatTypeField />
      <SelectField path="text.verbosity" options={VERBOSITIES} help="How long and detailed the answer should be." />
      {formatType === 'json_schema' ? (
        <>
          <TextField path="text.format.name" help={`Name of the schema: letters, digits, _ and -, at most ${LIMITS.json_schema_name.maxLength} characters.`} />
          <TextField path="text.format.description" help="What the output is for; helps the model fill it in." />
          <BooleanField path="text.format.strict" help="true: the output follows the schema exactly (the schema must allow strict mode)." />
          <div className="md:col-span-2">
            <JsonSchemaField path="text.format.schema" help="The JSON Schema the output must match; checked against the JSON Schema meta-schema." />
          </div>
        </>
      ) : null}
      <NumberField path="max_output_tokens" min={LIMITS.max_output_tokens.min} max={LIMITS.max_output_tokens.max} help="Upper bound on generated tokens (reasoning included); output may end sooner." />
      <NumberField path="top_logprobs" min={LIMITS.top_logprobs.min} max={LIMITS.top_logprobs.max} help="0 to 20 most likely tokens per position, with log probabilities." />
      <MultiCheckField path="include" options={INCLUDE_VALUES} help="Extra output data to return with the response." />
      <MultiCheckField path="modalities" options={MODALITIES} help="Output kinds; audio adds a text-to-speech rendering (gateway extension; default [text])." />
      <TextField path="audio.voice" help="audio: voice of the spoken rendering (when modalities includes audio); empty uses the default." />
      <TextField path="audio.format" help="audio: encoding of the spoken rendering, e.g. mp3 or wav; empty uses the default." />
    </>
  );
}
