'use client';
// Named presets kept on the server: save the current body under a name, load one (as a diff), delete one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
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
  const presets = useQuery({ queryKey: queryKeys.presets, queryFn: async () => (await fetchJson<{ data: SnakeCased<Preset>[] }>('/api/presets')).data });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.presets });
  const save = useMutation({
    mutationFn: () => fetchJson('/api/presets', { method: 'PUT', json: { name, body: draft.body } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (presetName: string) => fetchJson(`/api/presets?name=${encodeURIComponent(presetName)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return (
    <div className="flex flex-col gap-2" data-testid="presets-panel">
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
          <li key={preset.name} className="flex items-center justify-between gap-2 text-xs" data-testid="preset-entry">
            <span className="min-w-0 font-mono [overflow-wrap:anywhere]">{preset.name}</span>
            <span className="flex gap-1">
              <Button size="sm" onClick={() => onPropose({ source: `Load preset ${preset.name}`, next: { body: preset.body, onBehalfOf: draft.onBehalfOf }, notes: describeRedactedCredentials(preset.body) })}>
                Load
              </Button>
              <Button size="sm" aria-label={`Delete preset ${preset.name}`} onClick={() => remove.mutate(preset.name)}>
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
