'use client';
// Named presets kept on the server: save the current body under a name, load one (as a diff), delete one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnerViewSwitch, ShareSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { fetchJson } from '@/lib/http/client';
import { queryKeys, sessionQuery } from '@/lib/http/query-keys';
import { useState } from 'react';
import type { SnakeCased } from '@/lib/http/snake-case';
import type { Preset } from '@/lib/presets/store';
import { useDraft } from './draft-context';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { describeRedactedCredentials, REDACTED_CREDENTIAL } from '@/lib/schema/credentials';
import type { PendingReplacement } from './replace-confirm';

export function PresetsPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const { draft } = useDraft();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [view, setView] = useState<OwnerListView>('mine');
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const presets = useQuery({ queryKey: queryKeys.presetsIn(view), queryFn: async () => (await fetchJson<{ data: SnakeCased<Preset>[] }>(`/api/presets?view=${view}`)).data });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.presets });
  const save = useMutation({
    mutationFn: () => fetchJson('/api/presets', { method: 'PUT', json: { name, body: draft.body } }),
    onSuccess: refresh,
  });
  const share = useMutation({
    mutationFn: ({ presetName, shared }: { presetName: string; shared: boolean }) => fetchJson('/api/presets', { method: 'PATCH', json: { name: presetName, shared } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (presetName: string) => fetchJson(`/api/presets?name=${encodeURIComponent(presetName)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return (
    <div className="flex flex-col gap-2" data-testid="presets-panel">
      {isPersonal ? <OwnerViewSwitch name="presets-view" value={view} onChange={setView} testId="presets-view" /> : null}
      <div className="flex items-end gap-1">
        <Field label="Preset name" className="grow">
          <TextInput value={name} data-testid="preset-name" onChange={(event) => setName(event.target.value)} />
        </Field>
        <Button disabled={!name.trim()} data-testid="preset-save" onClick={() => save.mutate()}>
          Save
        </Button>
      </div>
      <p className="text-xs text-fg-muted">Saves the current body under this name (the same name replaces it); headers are not saved, and credentials (webhook_secret, MCP authorization and headers) only as {REDACTED_CREDENTIAL}.</p>
      {save.error || remove.error ? <p role="alert" className="text-xs text-danger">{(save.error ?? remove.error)?.message}</p> : null}
      <ul className="flex flex-col gap-1">
        {(presets.data ?? []).map((preset) => (
          <li key={`${preset.owner_id ?? ''}/${preset.name}`} className="flex flex-wrap items-center justify-between gap-2 text-xs" data-testid="preset-entry">
            <span className="min-w-0 font-mono [overflow-wrap:anywhere]">{preset.name}</span>
            {isPersonal && preset.is_changeable ? (
              <ShareSwitch isShared={preset.shared} isBusy={share.isPending} label={`Share preset ${preset.name} with the team`} onChange={(shared) => share.mutate({ presetName: preset.name, shared })} testId="preset-share" />
            ) : null}
            <span className="flex gap-1">
              <Button size="sm" onClick={() => onPropose({ source: `Load preset ${preset.name}`, next: { body: preset.body, onBehalfOf: draft.onBehalfOf }, notes: describeRedactedCredentials(preset.body) })}>
                Load
              </Button>
              {preset.is_changeable ? (
                <Button size="sm" aria-label={`Delete preset ${preset.name}`} onClick={() => remove.mutate(preset.name)}>
                  Delete
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
