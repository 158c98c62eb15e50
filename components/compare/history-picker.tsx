'use client';
// Rows from the request history: search what was sent through the playground and add an entry's input as a row.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import type { HistoryEntry } from '@/lib/history/store';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import type { SnakeCased } from '@/lib/http/snake-case';
import type { GridRow } from '@/lib/schema/grid';

const LABEL_MAX_CHARS = 40;

function inputText(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? '');
}

export function HistoryPicker({ onAdd }: { onAdd(input: GridRow['input'], label: string | undefined): void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const history = useQuery({
    queryKey: queryKeys.history(deferred),
    queryFn: async () => (await fetchJson<{ data: SnakeCased<HistoryEntry>[] }>(`/api/history?q=${encodeURIComponent(deferred)}`)).data,
  });
  const entries = (history.data ?? []).filter((entry) => entry.body.input !== undefined);
  return (
    <div className="flex flex-col gap-2" data-testid="history-picker">
      <label className="flex flex-col gap-1 text-xs text-fg-muted">
        Search the history (model, input text, response id)
        <TextInput type="search" value={query} data-testid="history-picker-search" onChange={(event) => setQuery(event.target.value)} />
      </label>
      {history.isError ? <p role="alert" className="text-xs text-danger">The history could not be loaded: {(history.error as Error).message}</p> : null}
      <ul className="flex max-h-64 flex-col gap-1 overflow-auto">
        {entries.map((entry) => {
          const text = inputText(entry.body.input);
          return (
            <li key={entry.id} className="flex items-start justify-between gap-2 rounded-md border border-line p-2 text-xs" data-testid="history-picker-entry">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-mono text-fg-muted">{entry.model ?? '(no model)'}</span> {text.slice(0, 200)}
              </span>
              <Button size="sm" data-testid="history-picker-add" onClick={() => onAdd(entry.body.input as GridRow['input'], typeof entry.body.input === 'string' && entry.body.input.trim() ? entry.body.input.trim().slice(0, LABEL_MAX_CHARS) : undefined)}>
                Add
              </Button>
            </li>
          );
        })}
        {history.data && entries.length === 0 ? <li className="text-xs text-fg-muted">Nothing found.</li> : null}
      </ul>
    </div>
  );
}
