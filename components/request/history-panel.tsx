'use client';
// Sent-request history from the server, searchable by model, text or response id; reopening proposes the request for the form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnerViewSwitch, ShareSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { fetchJson } from '@/lib/http/client';
import { queryKeys, sessionQuery } from '@/lib/http/query-keys';
import { useDeferredValue, useState } from 'react';
import type { HistoryEntry } from '@/lib/history/store';
import type { SnakeCased } from '@/lib/http/snake-case';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { describeRedactedCredentials } from '@/lib/schema/credentials';
import type { PendingReplacement } from './replace-confirm';

async function fetchHistory(query: string, view: OwnerListView): Promise<SnakeCased<HistoryEntry>[]> {
  return (await fetchJson<{ data: SnakeCased<HistoryEntry>[] }>(`/api/history?q=${encodeURIComponent(query)}&view=${view}`)).data;
}

export function HistoryPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const [query, setQuery] = useState('');
  const [view, setView] = useState<OwnerListView>('mine');
  const deferred = useDeferredValue(query);
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const queryClient = useQueryClient();
  const history = useQuery({ queryKey: queryKeys.history(deferred, view), queryFn: () => fetchHistory(deferred, view) });
  const share = useMutation({
    mutationFn: ({ id, shared }: { id: number; shared: boolean }) => fetchJson(`/api/history/${id}`, { method: 'PATCH', json: { shared } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.anyHistory }),
  });
  return (
    <div className="flex flex-col gap-2" data-testid="history-panel">
      {isPersonal ? <OwnerViewSwitch name="history-view" value={view} onChange={setView} testId="history-view" /> : null}
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
              {isPersonal && entry.is_changeable ? (
                <ShareSwitch isShared={entry.shared} isBusy={share.isPending} label={`Share request #${entry.id} with the team`} onChange={(shared) => share.mutate({ id: entry.id, shared })} testId="history-share" />
              ) : null}
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
