'use client';
// Tools: a definition editor for each of the 14 kinds, tool_choice (a mode or one tool from the list), parallel_tool_calls, max_tool_calls.
import { useId, useState } from 'react';
import { LIMITS, TOOL_CHOICE_MODES, TOOL_TYPES } from '@/lib/schema/constants';
import { isJsonObject, type JsonObject } from './body-path';
import { useDraft, useFieldIssues } from './draft-context';
import { BooleanField, FieldShell, inputClass, NumberField } from './fields';
import { FormSection } from './form-section';
import { ToolEditor } from './tool-editor';
import { createTool, describeToolChoice, toolChoiceFor, type ToolType } from './tool-templates';

function ToolChoiceField() {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues('tool_choice');
  const tools = Array.isArray(draft.body.tools) ? draft.body.tools : [];
  const choices = tools.map(toolChoiceFor).filter((choice): choice is JsonObject => choice !== null);
  const current = draft.body.tool_choice;
  const options = [
    ...TOOL_CHOICE_MODES.map((mode) => ({ value: `mode:${mode}`, label: mode, choice: mode as unknown })),
    ...choices.map((choice) => ({ value: `tool:${JSON.stringify(choice)}`, label: `only ${describeToolChoice(choice)}`, choice: choice as unknown })),
  ];
  const selected = current === undefined ? '' : options.find((option) => JSON.stringify(option.choice) === JSON.stringify(current))?.value ?? 'other';
  const isPickedToolMissing = isJsonObject(current) && selected === 'other';
  return (
    <FieldShell label="tool_choice" htmlFor={id} path="tool_choice" help="none, auto (model decides), required (must call a tool), or one specific tool from the list above.">
      <select
        id={id}
        value={selected}
        className={inputClass}
        aria-invalid={issues.length > 0}
        data-testid="field-tool-choice"
        onChange={(event) => setField('tool_choice', options.find((option) => option.value === event.target.value)?.choice)}
      >
        <option value="">(not set)</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
        {selected === 'other' ? <option value="other">{JSON.stringify(current)} (as in the JSON)</option> : null}
      </select>
      {isPickedToolMissing ? <p className="text-xs text-amber-700">This tool_choice names a tool that is not in tools.</p> : null}
    </FieldShell>
  );
}

export function SectionTools() {
  const { draft, setField } = useDraft();
  const [kind, setKind] = useState<ToolType>('function');
  const kindId = useId();
  const tools = Array.isArray(draft.body.tools) ? draft.body.tools : [];
  return (
    <FormSection title={`Tools (${tools.length})`} testId="section-tools">
      <div className="flex flex-col gap-2 md:col-span-2">
        {tools.map((_, index) => (
          <ToolEditor key={index} index={index} />
        ))}
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={kindId} className="font-mono text-xs font-semibold">tools[].type</label>
            <select id={kindId} value={kind} className={inputClass} data-testid="tool-kind" onChange={(event) => setKind(event.target.value as ToolType)}>
              {TOOL_TYPES.map((type) => (
                <option key={type} value={type}>{type}</option>
              ))}
            </select>
          </div>
          <button type="button" className="rounded border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700" data-testid="add-tool" onClick={() => setField('tools', [...tools, createTool(kind)])}>
            Add tool
          </button>
        </div>
        <p className="text-xs text-zinc-500">Kind of tool to add: a template with its known fields; any other field can go in its free JSON.</p>
      </div>
      <ToolChoiceField />
      <BooleanField path="parallel_tool_calls" help="true (default): tools may be called concurrently; false: one after another." />
      <NumberField path="max_tool_calls" min={LIMITS.max_tool_calls.min} max={LIMITS.max_tool_calls.max} help={`${LIMITS.max_tool_calls.min} to ${LIMITS.max_tool_calls.max} tool calls in total for this response (default ${LIMITS.max_tool_calls.default}).`} />
    </FormSection>
  );
}
