'use client';
// Tools: a definition editor for each of the 14 kinds, tool_choice (a mode or one tool from the list), parallel_tool_calls, max_tool_calls.
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { LIMITS, TOOL_CHOICE_MODES, TOOL_TYPES } from '@/lib/schema/constants';
import { isJsonObject, type JsonObject } from './body-path';
import { useDraftStore, useFieldSelector, useFieldValue } from './draft-context';
import { BodyField, BooleanField, FieldSlot, NumberField } from './fields';
import { describeToolChoice, toolChoiceFor } from './tool-choice';
import type { ToolType } from './tool-templates';

/** The 14 templates load with the first tool added (or shown, with its editor), not with the page. */
const loadToolTemplates = () => import('./tool-templates');

/** The tool_choice objects the tools offer, as JSON: unchanged while a tool's description or schema is typed into. */
const toolChoicesOf = (tools: unknown) => JSON.stringify((Array.isArray(tools) ? tools : []).map(toolChoiceFor).filter((choice): choice is JsonObject => choice !== null));
const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

function ToolChoiceField() {
  const store = useDraftStore();
  const choices = JSON.parse(useFieldSelector('tools', toolChoicesOf)) as JsonObject[];
  const current = useFieldValue('tool_choice');
  const options = [
    ...TOOL_CHOICE_MODES.map((mode) => ({ value: `mode:${mode}`, label: mode, choice: mode as unknown })),
    ...choices.map((choice) => ({ value: `tool:${JSON.stringify(choice)}`, label: `only ${describeToolChoice(choice)}`, choice: choice as unknown })),
  ];
  const selected = current === undefined ? '' : options.find((option) => JSON.stringify(option.choice) === JSON.stringify(current))?.value ?? 'other';
  const isPickedToolMissing = isJsonObject(current) && selected === 'other';
  return (
    <BodyField path="tool_choice" label="Tool choice" help="none, auto (model decides), required (must call a tool), or one specific tool from the list above.">
      <Select value={selected} data-testid="field-tool-choice" onChange={(event) => store.setField('tool_choice', options.find((option) => option.value === event.target.value)?.choice)}>
        <option value="">(not set)</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {selected === 'other' ? <option value="other">{JSON.stringify(current)} (as in the JSON)</option> : null}
      </Select>
      {isPickedToolMissing ? <p className="text-xs text-warning">This tool_choice names a tool that is not in tools.</p> : null}
    </BodyField>
  );
}

/** A tool's editor (its fields, and the meta-schema validator for function parameters) loads with the first tool shown. */
const ToolEditor = dynamic(() => import('./tool-editor').then((module) => module.ToolEditor), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted">
      Loading the tool…
    </p>
  ),
});

export function SectionTools() {
  const store = useDraftStore();
  const toolCount = useFieldSelector('tools', countOf);
  const [kind, setKind] = useState<ToolType>('function');
  return (
    <>
      <div className="flex flex-col gap-2 md:col-span-2">
        {Array.from({ length: toolCount }, (_, index) => (
          <ToolEditor key={index} index={index} />
        ))}
        <FieldSlot path="tools" label="Add a tool" keywords={TOOL_TYPES.join(' ')}>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Kind of tool to add" apiName="tools[].type" hint="A template with its known fields, ready to send; any other field can go in its free JSON.">
              <Select value={kind} data-testid="tool-kind" onChange={(event) => setKind(event.target.value as ToolType)}>
                {TOOL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
            </Field>
            <Button size="md" data-testid="add-tool" onPointerDown={() => void loadToolTemplates().catch(() => undefined)} onClick={() => void loadToolTemplates().then(({ createTool }) => {
                const tools = store.getState().draft.body.tools;
                const list = Array.isArray(tools) ? tools : [];
                store.setField('tools', [...list, createTool(kind, list)]);
              })}>
              Add tool
            </Button>
          </div>
        </FieldSlot>
      </div>
      <ToolChoiceField />
      <BooleanField path="parallel_tool_calls" label="Parallel tool calls" help="true (default): tools may be called concurrently; false: one after another." />
      <NumberField path="max_tool_calls" label="Most tool calls" min={LIMITS.max_tool_calls.min} max={LIMITS.max_tool_calls.max} help={`${LIMITS.max_tool_calls.min} to ${LIMITS.max_tool_calls.max} tool calls in total for this response (default ${LIMITS.max_tool_calls.default}).`} />
    </>
  );
}
