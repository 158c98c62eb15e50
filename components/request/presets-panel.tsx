'use client';
// Named presets kept on the server: save the current body under a name, load one (as a diff), delete one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Preset } from '@/lib/presets/store';
import { useDraft } from './draft-context';
import { inputClass } from './fields';
import type { PendingReplacement } from './replace-confirm';

async function readJson<T>(reply: Response): Promise<T> {
  const data = (await reply.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!reply.ok) throw new Error(data?.error?.message ?? `HTTP ${reply.status}`);
  return data as T;
}

export function PresetsPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const { draft } = useDraft();
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const presets = useQuery({ queryKey: ['presets'], queryFn: async () => (await readJson<{ data: Preset[] }>(await fetch('/api/presets'))).data });
  const refresh = () => client.invalidateQueries({ queryKey: ['presets'] });
  const save = useMutation({
    mutationFn: async () => readJson(await fetch('/api/presets', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, body: draft.body }) })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (presetName: string) => readJson(await fetch(`/api/presets?name=${encodeURIComponent(presetName)}`, { method: 'DELETE' })),
    onSuccess: refresh,
  });
  return (
    <div className="flex flex-col gap-2" data-testid="presets-panel">
      <label htmlFor={id} className="font-mono text-xs font-semibold">preset name</label>
      <div className="flex gap-1">
        <input id={id} className={inputClass} value={name} data-testid="preset-name" onChange={(event) => setName(event.target.value)} />
        <button type="button" className="rounded border border-zinc-300 px-2 text-xs dark:border-zinc-700" disabled={!name.trim()} data-testid="preset-save" onClick={() => save.mutate()}>
          Save
        </button>
      </div>
      <p className="text-xs text-zinc-500">Saves the current body under this name (the same name replaces it); headers are not saved.</p>
      {save.error || remove.error ? <p role="alert" className="text-xs text-red-700">{(save.error ?? remove.error)?.message}</p> : null}
      <ul className="flex flex-col gap-1">
        {(presets.data ?? []).map((preset) => (
          <li key={preset.name} className="flex items-center justify-between gap-2 text-xs" data-testid="preset-entry">
            <span className="font-mono">{preset.name}</span>
            <span className="flex gap-1">
              <button type="button" className="rounded border border-zinc-300 px-2 dark:border-zinc-700" onClick={() => onPropose({ source: `Load preset ${preset.name}`, next: { body: preset.body, onBehalfOf: draft.onBehalfOf }, notes: [] })}>
                Load
              </button>
              <button type="button" className="rounded border border-zinc-300 px-2 dark:border-zinc-700" aria-label={`Delete preset ${preset.name}`} onClick={() => remove.mutate(preset.name)}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
