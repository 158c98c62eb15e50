'use client';
// The input's form (text, items or unset) and the items editor; the text itself and the model are in the composer.
import dynamic from 'next/dynamic';
import { useId } from 'react';
import { useDraftStore, useFieldSelector } from './draft-context';
import { BodyField } from './fields';
import { itemsToText, textToItems } from './input-items';

/** The items editor loads when the input is first items (a new request's input is text, typed in the composer). */
const InputItemsEditor = dynamic(() => import('./input-items-editor').then((module) => module.InputItemsEditor), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted">
      Loading the items editor…
    </p>
  ),
});

/** The input's form, and for items whether they can become text again: typing the text changes neither. */
const inputFormOf = (input: unknown) => (input === undefined ? 'unset' : typeof input === 'string' ? 'text' : itemsToText(input) === null ? 'items-only' : 'items');

function InputField() {
  const store = useDraftStore();
  const id = useId();
  const form = useFieldSelector('input', inputFormOf);
  const mode = form === 'items-only' ? 'items' : form;
  const switchTo = (next: string) => {
    const input = store.getState().draft.body.input;
    const textBack = mode === 'items' ? itemsToText(input) : '';
    if (next === 'unset') store.setField('input', undefined);
    if (next === 'text') store.setField('input', mode === 'items' ? (textBack ?? '') : '');
    if (next === 'items') store.setField('input', mode === 'text' && typeof input === 'string' && input !== '' ? textToItems(input) : [{ role: 'user', content: [{ type: 'input_text', text: '' }] }]);
  };
  return (
    <BodyField path="input" label="Input as text or items" keywords="messages image file audio" help="A plain text string (one user message), or an array of items: messages with text, images, files or audio, and tool outputs.">
      <div className="flex gap-3 text-xs" role="radiogroup" aria-label="input form">
        {(['text', 'items', 'unset'] as const).map((option) => (
          <label key={option} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              disabled={option === 'text' && form === 'items-only'}
              data-testid={`input-mode-${option}`}
              onChange={() => switchTo(option)}
            />
            {option === 'unset' ? 'not set' : option}
          </label>
        ))}
      </div>
      {mode === 'text' ? <p className="text-xs text-fg-muted">The text is typed in the composer under the conversation.</p> : null}
      {mode === 'items' ? <InputItemsEditor /> : null}
    </BodyField>
  );
}

export function SectionModelInput() {
  return (
    <div className="md:col-span-2">
      <InputField />
    </div>
  );
}
