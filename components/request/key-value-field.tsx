'use client';
// A string map (metadata, prompt.variables) edited as key/value rows; values that are not strings are kept as they were unless edited.
import { useState } from 'react';
import { Button, IconButton } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { CloseIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/input';
import { isJsonObject } from './body-path';
import { useDraftStore, useFieldIssues, useFieldValue } from './draft-context';
import { FieldSlot, toTestId } from './fields';
import { type KeyValueRow, toKeyValueRows } from './request-draft';
import { TEXT_FRAME_CLASS, textBoundaryClass } from './text-boundary';

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
  const store = useDraftStore();
  const current = useFieldValue(path);
  const issues = useFieldIssues(path);
  const [typed, setTyped] = useState<KeyValueRow[]>(() => toKeyValueRows(current));
  const rows = JSON.stringify(rowsToObject(typed, current)) === JSON.stringify(current) ? typed : toKeyValueRows(current);
  const update = (next: KeyValueRow[]) => {
    setTyped(next);
    store.setField(path, rowsToObject(next, current));
  };
  const testId = toTestId(path);
  const name = label ?? path;
  return (
    // The legend names the group of pairs (not the add button), so "Add a pair" is announced by its own text.
    <FieldSlot path={path} label={label}>
      <fieldset className="min-w-0" data-testid={testId}>
        <legend className="mb-1 text-sm font-medium text-fg">
          {label ?? <span className="font-mono">{path}</span>}
          {label ? <code className="ml-1 font-mono text-xs font-normal text-fg-muted">{path}</code> : null}
        </legend>
        <div className="flex flex-col gap-1">
          {rows.map((row, index) => (
            <div key={index} className="flex min-w-0 gap-1">
              {/* Each box is its own relayout boundary, in a block wrapper (see text-boundary.ts). */}
              <div className={cx(TEXT_FRAME_CLASS, 'flex-1')}>
                <TextInput
                  aria-label={`${name} key ${index + 1}`}
                  value={row.key}
                  placeholder="key"
                  isMono
                  className={textBoundaryClass(1)}
                  data-testid={`${testId}-key-${index}`}
                  onChange={(event) => update(rows.map((entry, at) => (at === index ? { ...entry, key: event.target.value } : entry)))}
                />
              </div>
              <div className={cx(TEXT_FRAME_CLASS, 'flex-1')}>
                <TextInput
                  aria-label={`${name} value ${index + 1}`}
                  value={row.value}
                  placeholder="value"
                  className={textBoundaryClass(1)}
                  data-testid={`${testId}-value-${index}`}
                  onChange={(event) => update(rows.map((entry, at) => (at === index ? { ...entry, value: event.target.value } : entry)))}
                />
              </div>
              <IconButton label={`Remove ${name} pair ${index + 1}`} icon={<CloseIcon />} onClick={() => update(rows.filter((_, at) => at !== index))} />
            </div>
          ))}
          <Button size="sm" variant="ghost" className="self-start" data-testid={`${testId}-add`} onClick={() => update([...rows, { key: '', value: '' }])}>
            Add a pair
          </Button>
        </div>
        <p className="mt-1 text-xs text-fg-muted">{help}</p>
        {issues.length ? (
          <ul role="alert" className="text-xs text-danger" data-testid={`${testId}-error`}>
            {issues.map((issue) => (
              <li key={`${issue.param}:${issue.message}`}>{issue.param === path ? issue.message : `${issue.param}: ${issue.message}`}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
    </FieldSlot>
  );
}
