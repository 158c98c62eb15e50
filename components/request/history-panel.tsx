'use client';
// Sent-request history from the server, searchable by model, text or response id; reopening proposes the request for the form.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { HistoryEntry } from '@/lib/history/store';
import { inputClass } from './fields';
import type { PendingReplacement } from './replace-confirm';

async function fetchHistory(query: string): Promise<HistoryEntry[]> {
  const reply = await fetch(`/api/history?q=${encodeURIComponent(query)}`);
  if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
  return ((await reply.json()) as { data: HistoryEntry[] }).data;
}

export function HistoryPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const history = useQuery({ queryKey: ['request-history', deferred], queryFn: () => fetchHistory(deferred) });
  return (
    <div className="flex flex-col gap-2" data-testid="history-panel">
      <label htmlFor={id} className="font-mono text-xs font-semibold">search history</label>
      <input id={id} type="search" className={inputClass} value={query} data-testid="history-search" onChange={(event) => setQuery(event.target.value)} />
      <p className="text-xs text-zinc-500">Every request sent through the proxy; matches model, input text, instructions and response id.</p>
      {history.isError ? <p role="alert" className="text-xs text-red-700">History could not be loaded: {(history.error as Error).message}</p> : null}
      <ul className="flex max-h-[50vh] flex-col gap-1 overflow-auto">
        {(history.data ?? []).map((entry) => (
          <li key={entry.id} className="flex items-start justify-between gap-2 rounded border border-zinc-200 p-1 text-xs dark:border-zinc-800" data-testid="history-entry">
            <div className="min-w-0">
              <p className="font-mono">{entry.model ?? '(no model)'} · {entry.responseId ?? 'no response id'} · {entry.status ?? '—'}</p>
              <p className="truncate text-zinc-500">{new Date(entry.createdAt).toLocaleString()} · {typeof entry.body.input === 'string' ? entry.body.input : JSON.stringify(entry.body.input ?? '')}</p>
            </div>
            <button
              type="button"
              className="shrink-0 rounded border border-zinc-300 px-2 dark:border-zinc-700"
              data-testid="history-reopen"
              onClick={() => onPropose({ source: `Reopen request #${entry.id}`, next: { body: entry.body, onBehalfOf: entry.onBehalfOf ?? '' }, notes: [] })}
            >
              Reopen
            </button>
          </li>
        ))}
        {history.data && history.data.length === 0 ? <li className="text-xs text-zinc-500">Nothing found.</li> : null}
      </ul>
    </div>
  );
}
