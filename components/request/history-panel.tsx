'use client';
// Sent-request history from the server, searchable by model, text or response id; reopening proposes the request for the form.
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useDeferredValue, useState } from 'react';
import type { HistoryEntry } from '@/lib/history/store';
import type { SnakeCased } from '@/lib/http/snake-case';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { describeRedactedCredentials } from '@/lib/schema/credentials';
import type { PendingReplacement } from './replace-confirm';

async function fetchHistory(query: string): Promise<SnakeCased<HistoryEntry>[]> {
  return (await fetchJson<{ data: SnakeCased<HistoryEntry>[] }>(`/api/history?q=${encodeURIComponent(query)}`)).data;
}

export function HistoryPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const history = useQuery({ queryKey: queryKeys.history(deferred), queryFn: () => fetchHistory(deferred) });
  return (
    <div className="flex flex-col gap-2" data-testid="history-panel">
      <Field label="Search the history" hint="Every request sent through the proxy; matches model, input text, instructions and response id.">
        <TextInput type="search" value={query} data-testid="history-search" onChange={(event) => setQuery(event.target.value)} />
      </Field>
      {history.isError ? <p role="alert" className="text-xs text-danger">History could not be loaded: {(history.error as Error).message}</p> : null}
      <ul className="flex max-h-[50vh] flex-col gap-1 overflow-auto">
        {(history.data ?? []).map((entry) => (
          <li key={entry.id} className="flex items-start justify-between gap-2 rounded-md border border-line p-2 text-xs" data-testid="history-entry">
            <div className="min-w-0">
              <p className="font-mono [overflow-wrap:anywhere]">{entry.model ?? '(no model)'} · {entry.response_id ?? 'no response id'} · {entry.status ?? '—'}</p>
              <p className="truncate text-fg-muted">{new Date(entry.created_at).toLocaleString()} · {typeof entry.body.input === 'string' ? entry.body.input : JSON.stringify(entry.body.input ?? '')}</p>
            </div>
            <Button
              size="sm"
              data-testid="history-reopen"
              onClick={() => onPropose({ source: `Reopen request #${entry.id}`, next: { body: entry.body, onBehalfOf: entry.on_behalf_of ?? '' }, notes: describeRedactedCredentials(entry.body) })}
            >
              Reopen
            </Button>
          </li>
        ))}
        {history.data && history.data.length === 0 ? <li className="text-xs text-fg-muted">Nothing found.</li> : null}
      </ul>
    </div>
  );
}
