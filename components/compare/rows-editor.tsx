'use client';
// The grid's rows (test cases): a label and an input (text or items) or prompt variables each; added by hand, pasted as CSV or
// JSONL (every bad line named, nothing added then), or taken from the request history.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Disclosure } from '@/components/ui/disclosure';
import { TextArea, TextInput } from '@/components/ui/input';
import { importRows, type RowImportError } from '@/lib/grids/row-import';
import { GRID_LIMITS, type GridDefinition, type GridRow } from '@/lib/schema/grid';
import { HistoryPicker } from './history-picker';

type Update = (change: (definition: GridDefinition) => GridDefinition) => void;

function freeRowLabels(taken: readonly string[], count: number): string[] {
  const labels: string[] = [];
  for (let n = 1; labels.length < count; n += 1) if (!taken.includes(`row ${n}`)) labels.push(`row ${n}`);
  return labels;
}

/** Rows to add, labelled where they have no label (so labels stay unique), within the limit. */
export function appendRows(definition: GridDefinition, rows: readonly (Omit<GridRow, 'label'> & { label?: string })[]): GridDefinition {
  const room = GRID_LIMITS.rows.max - definition.rows.length;
  const taken = [...definition.rows.map((row) => row.label), ...rows.flatMap((row) => (row.label ? [row.label] : []))];
  const fresh = freeRowLabels(taken, rows.length);
  const used = new Set(definition.rows.map((row) => row.label));
  const added = rows.slice(0, room).map((row, index): GridRow => {
    let label = row.label ?? fresh[index]!;
    // A label already in the grid (the same history entry added twice) gets a number, so labels stay unique.
    for (let n = 2; used.has(label); n += 1) label = `${row.label} (${n})`;
    used.add(label);
    return { ...row, label };
  });
  return { ...definition, rows: [...definition.rows, ...added] };
}

export function RowsEditor({ definition, update }: { definition: GridDefinition; update: Update }) {
  const setRow = (index: number, change: (row: GridRow) => GridRow) => update((current) => ({ ...current, rows: current.rows.map((row, at) => (at === index ? change(row) : row)) }));
  const isFull = definition.rows.length >= GRID_LIMITS.rows.max;
  return (
    <section aria-labelledby="rows-heading" className="flex min-w-0 flex-col gap-2" data-testid="rows-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rows-heading" className="text-sm font-semibold text-fg">
          Rows (test cases): {definition.rows.length} of {GRID_LIMITS.rows.max}
        </h2>
        <Button size="sm" data-testid="add-row" disabled={isFull} onClick={() => update((current) => appendRows(current, [{ input: '' }]))}>
          Add row
        </Button>
      </div>
      <ol className="flex min-w-0 flex-col gap-2">
        {definition.rows.map((row, index) => (
          <RowLine key={index} row={row} index={index} canRemove={definition.rows.length > 1} onChange={(change) => setRow(index, change)} onRemove={() => update((current) => ({ ...current, rows: current.rows.filter((_, at) => at !== index) }))} />
        ))}
      </ol>
      <div className="grid min-w-0 gap-2 lg:grid-cols-2">
        <PasteRows disabled={isFull} onAdd={(rows) => update((current) => appendRows(current, rows))} />
        <Disclosure summary="Add from the history" testId="rows-from-history">
          <HistoryPicker onAdd={(input, label) => update((current) => appendRows(current, [{ input, label }]))} />
        </Disclosure>
      </div>
    </section>
  );
}

function RowLine({ row, index, canRemove, onChange, onRemove }: { row: GridRow; index: number; canRemove: boolean; onChange(change: (row: GridRow) => GridRow): void; onRemove(): void }) {
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-line p-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto]" data-testid="row-line" data-row={row.label}>
      <TextInput value={row.label} aria-label={`Label of row ${index + 1}`} data-testid="row-label" onChange={(event) => onChange((current) => ({ ...current, label: event.target.value }))} />
      <div className="flex min-w-0 flex-col gap-1">
        {Array.isArray(row.input) ? (
          <JsonText label={`input items of row ${index + 1}`} value={row.input} testId="row-items" isArray onChange={(input) => onChange((current) => ({ ...current, input: input as GridRow['input'] }))} />
        ) : row.input !== undefined || row.variables === undefined ? (
          <TextArea rows={2} value={row.input ?? ''} aria-label={`input of row ${index + 1}`} data-testid="row-input" onChange={(event) => onChange((current) => ({ ...current, input: event.target.value }))} />
        ) : null}
        {row.variables !== undefined ? (
          <JsonText label={`prompt variables of row ${index + 1}`} value={row.variables} testId="row-variables" onChange={(variables) => onChange((current) => ({ ...current, variables: variables as GridRow['variables'] }))} />
        ) : null}
      </div>
      <Button size="sm" variant="ghost" disabled={!canRemove} data-testid="row-remove" aria-label={`Remove row ${row.label}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/** JSON typed as text: applied when it parses to the right kind, else the error shows under it and nothing changes. */
function JsonText({ label, value, testId, isArray = false, onChange }: { label: string; value: unknown; testId: string; isArray?: boolean; onChange(value: unknown): void }) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  const apply = (next: string) => {
    setText(next);
    try {
      const parsed: unknown = JSON.parse(next);
      const isRightKind = isArray ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      if (!isRightKind) throw new Error(isArray ? 'expected a JSON array of input items' : 'expected a JSON object of variables');
      setError(null);
      onChange(parsed);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <>
      <TextArea isMono rows={3} value={text} aria-label={label} aria-invalid={error !== null} data-testid={testId} onChange={(event) => apply(event.target.value)} />
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </>
  );
}

function PasteRows({ disabled, onAdd }: { disabled: boolean; onAdd(rows: (Omit<GridRow, 'label'> & { label?: string })[]): void }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<RowImportError[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const add = () => {
    const result = importRows(text);
    if (!result.ok) {
      setErrors(result.errors);
      setAdded(null);
      return;
    }
    onAdd(result.rows as (Omit<GridRow, 'label'> & { label?: string })[]);
    setErrors([]);
    setAdded(result.rows.length);
    setText('');
  };
  return (
    <Disclosure summary="Paste CSV or JSONL" testId="rows-paste">
      <div className="flex flex-col gap-2">
        <p className="text-xs text-fg-muted">
          CSV: a header line naming <code>label</code>, <code>input</code> and a column per prompt variable. JSONL: one object per line, such as{' '}
          <code>{'{"label": "hi", "input": "hello"}'}</code> (other keys are prompt variables).
        </p>
        <TextArea isMono rows={5} value={text} aria-label="Rows as CSV or JSONL" data-testid="rows-paste-text" onChange={(event) => setText(event.target.value)} />
        <Button size="sm" className="self-start" disabled={disabled || text.trim() === ''} data-testid="rows-paste-add" onClick={add}>
          Add rows
        </Button>
        {errors.length ? (
          <ul role="alert" className="text-xs text-danger" data-testid="rows-paste-errors">
            {errors.map((error) => (
              <li key={`${error.line}:${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        ) : null}
        {added !== null ? (
          <p role="status" className="text-xs text-success">
            Added {added} row{added === 1 ? '' : 's'}.
          </p>
        ) : null}
      </div>
    </Disclosure>
  );
}
