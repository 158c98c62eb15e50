'use client';
// Model (offered from the gateway's list) and input (plain text or items).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useDraft, useFieldIssues } from './draft-context';
import { FieldShell, inputClass } from './fields';
import { FormSection } from './form-section';
import { InputItemsEditor } from './input-items-editor';
import { itemsToText, textToItems } from './input-items';

async function fetchModelIds(): Promise<string[]> {
  const reply = await fetch('/api/models');
  if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
  const data: unknown = await reply.json();
  const list = Array.isArray(data) ? data : (data as { data?: unknown }).data;
  return Array.isArray(list) ? list.map((entry) => (typeof entry === 'string' ? entry : (entry as { id?: string }).id)).filter((id): id is string => typeof id === 'string') : [];
}

function ModelField() {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues('model');
  const models = useQuery({ queryKey: ['models'], queryFn: fetchModelIds, staleTime: 60_000 });
  const value = typeof draft.body.model === 'string' ? draft.body.model : '';
  const help = models.isError
    ? 'Id of the model; the gateway model list could not be loaded, type an id.'
    : `Id of the model that generates the response${models.data?.length ? `; the gateway offers ${models.data.length}` : ''}.`;
  return (
    <FieldShell label="model" htmlFor={id} path="model" help={help}>
      <input
        id={id}
        list={`${id}-list`}
        value={value}
        aria-invalid={issues.length > 0}
        data-testid="field-model"
        className={inputClass}
        onChange={(event) => setField('model', event.target.value === '' ? undefined : event.target.value)}
      />
      <datalist id={`${id}-list`} data-testid="model-options">
        {(models.data ?? []).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </FieldShell>
  );
}

function InputField() {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues('input', true);
  const input = draft.body.input;
  const mode = input === undefined ? 'unset' : typeof input === 'string' ? 'text' : 'items';
  const textBack = mode === 'items' ? itemsToText(input) : '';
  const switchTo = (next: string) => {
    if (next === 'unset') setField('input', undefined);
    if (next === 'text') setField('input', mode === 'items' ? (textBack ?? '') : '');
    if (next === 'items') setField('input', mode === 'text' && typeof input === 'string' && input !== '' ? textToItems(input) : [{ role: 'user', content: [{ type: 'input_text', text: '' }] }]);
  };
  return (
    <FieldShell label="input" htmlFor={mode === 'text' ? id : `${id}-mode`} path="input" help="A plain text string (one user message), or an array of items: messages with text, images, files or audio, and tool outputs.">
      <div className="flex gap-3 text-xs" role="radiogroup" aria-label="input form" id={`${id}-mode`}>
        {(['text', 'items', 'unset'] as const).map((option) => (
          <label key={option} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              disabled={option === 'text' && mode === 'items' && textBack === null}
              data-testid={`input-mode-${option}`}
              onChange={() => switchTo(option)}
            />
            {option === 'unset' ? 'not set' : option}
          </label>
        ))}
      </div>
      {mode === 'text' ? (
        <textarea
          id={id}
          rows={4}
          value={typeof input === 'string' ? input : ''}
          aria-invalid={issues.length > 0}
          placeholder="Ask something, then press Ctrl+Enter to send"
          data-testid="field-input"
          className={inputClass}
          onChange={(event) => setField('input', event.target.value)}
        />
      ) : null}
      {mode === 'items' ? <InputItemsEditor /> : null}
    </FieldShell>
  );
}

export function SectionModelInput() {
  return (
    <FormSection title="Model and input" testId="section-model-input" isOpen>
      <ModelField />
      <div className="md:col-span-2">
        <InputField />
      </div>
    </FormSection>
  );
}
