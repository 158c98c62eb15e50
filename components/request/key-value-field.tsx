'use client';
// A string map (metadata, prompt.variables) edited as key/value rows; values that are not strings are kept as they were unless edited.
import { useId, useState } from 'react';
import { getPath, isJsonObject } from './body-path';
import { useDraft } from './draft-context';
import { FieldShell, inputClass, toTestId } from './fields';
import { type KeyValueRow, toKeyValueRows } from './request-draft';

/** Rows to an object; a row whose text is the JSON of a non-string value it had before keeps that value. */
export function rowsToObject(rows: readonly KeyValueRow[], previous: unknown): Record<string, unknown> | undefined {
  const before = isJsonObject(previous) ? previous : {};
  const entries = rows
    .filter((row) => row.key !== '')
    .map((row) => {
      const old = before[row.key];
      return [row.key, typeof old !== 'string' && old !== undefined && JSON.stringify(old) === row.value ? old : row.value] as const;
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export function KeyValueField({ path, label, help }: { path: string; label?: string; help: string }) {
  const { draft, setField } = useDraft();
  const id = useId();
  const current = getPath(draft.body, path);
  const [typed, setTyped] = useState<KeyValueRow[]>(() => toKeyValueRows(current));
  const rows = JSON.stringify(rowsToObject(typed, current)) === JSON.stringify(current) ? typed : toKeyValueRows(current);
  const update = (next: KeyValueRow[]) => {
    setTyped(next);
    setField(path, rowsToObject(next, current));
  };
  const testId = toTestId(path);
  return (
    // The label names the group of pairs (not the add button), so "Add a pair" is announced by its own text.
    <FieldShell label={label ?? path} help={help} htmlFor={`${id}-pairs`} path={path}>
      <div id={`${id}-pairs`} role="group" aria-label={label ?? path} className="flex flex-col gap-1" data-testid={testId}>
        {rows.map((row, index) => (
          <div key={index} className="flex gap-1">
            <input
              aria-label={`${path} key ${index + 1}`}
              className={inputClass}
              value={row.key}
              placeholder="key"
              data-testid={`${testId}-key-${index}`}
              onChange={(event) => update(rows.map((entry, at) => (at === index ? { ...entry, key: event.target.value } : entry)))}
            />
            <input
              aria-label={`${path} value ${index + 1}`}
              className={inputClass}
              value={row.value}
              placeholder="value"
              data-testid={`${testId}-value-${index}`}
              onChange={(event) => update(rows.map((entry, at) => (at === index ? { ...entry, value: event.target.value } : entry)))}
            />
            <button type="button" className="px-2 text-xs" aria-label={`Remove ${path} pair ${index + 1}`} onClick={() => update(rows.filter((_, at) => at !== index))}>
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="self-start text-xs underline" data-testid={`${testId}-add`} onClick={() => update([...rows, { key: '', value: '' }])}>
          Add a pair
        </button>
      </div>
    </FieldShell>
  );
}
