'use client';
// Model (offered from the gateway's list) and input (plain text or items).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TextArea, TextInput } from '@/components/ui/input';
import { useDraftStore, useFieldValue } from './draft-context';
import { BodyField } from './fields';
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
  const store = useDraftStore();
  const id = useId();
  const raw = useFieldValue('model');
  const models = useQuery({ queryKey: ['models'], queryFn: fetchModelIds, staleTime: 60_000 });
  const value = typeof raw === 'string' ? raw : '';
  const help = models.isError
    ? 'Id of the model; the gateway model list could not be loaded, type an id.'
    : `Id of the model that generates the response${models.data?.length ? `; the gateway offers ${models.data.length}` : ''}.`;
  return (
    <BodyField path="model" help={help}>
      <TextInput list={`${id}-list`} value={value} data-testid="field-model" onChange={(event) => store.setField('model', event.target.value === '' ? undefined : event.target.value)} />
      <datalist id={`${id}-list`} data-testid="model-options">
        {(models.data ?? []).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </BodyField>
  );
}

function InputField() {
  const store = useDraftStore();
  const id = useId();
  const input = useFieldValue('input');
  const mode = input === undefined ? 'unset' : typeof input === 'string' ? 'text' : 'items';
  const textBack = mode === 'items' ? itemsToText(input) : '';
  const switchTo = (next: string) => {
    if (next === 'unset') store.setField('input', undefined);
    if (next === 'text') store.setField('input', mode === 'items' ? (textBack ?? '') : '');
    if (next === 'items') store.setField('input', mode === 'text' && typeof input === 'string' && input !== '' ? textToItems(input) : [{ role: 'user', content: [{ type: 'input_text', text: '' }] }]);
  };
  return (
    <BodyField path="input" help="A plain text string (one user message), or an array of items: messages with text, images, files or audio, and tool outputs.">
      <div className="flex gap-3 text-xs" role="radiogroup" aria-label="input form">
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
        <TextArea
          rows={4}
          value={typeof input === 'string' ? input : ''}
          placeholder="Ask something, then press Ctrl+Enter to send"
          data-testid="field-input"
          onChange={(event) => store.setField('input', event.target.value)}
        />
      ) : null}
      {mode === 'items' ? <InputItemsEditor /> : null}
    </BodyField>
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
