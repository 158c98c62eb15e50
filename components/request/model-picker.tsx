'use client';
// The model picker: the gateway's models with what each one does (the local models describe their scripted behaviour); any id can still be typed.
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { backoffDelay, retryTransient } from '@/lib/http/retry';
import { useCallback, useEffect, useState } from 'react';
import { Select, TextInput } from '@/components/ui/input';
import { pickDefaultModel, readRememberedModel, rememberModel } from './default-model';
import { useDraftStore, useFieldValue } from './draft-context';
import { DEFAULT_MODEL } from './request-draft';

export interface ModelEntry {
  id: string;
  description: string | null;
}

interface ModelList {
  models: ModelEntry[];
  isFallback: boolean;
  /** Which gateway the list came from, e.g. "remote http://litellm:4000/v1", or "playground suggestions". */
  source: string;
}

async function fetchModels(): Promise<ModelList> {
  const data = await fetchJson<{ data?: unknown; fallback?: boolean; source?: unknown }>('/api/models');
  const list = Array.isArray(data.data) ? data.data : [];
  const models = list.flatMap((entry): ModelEntry[] => {
    if (typeof entry === 'string') return [{ id: entry, description: null }];
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, description } = entry as { id?: unknown; description?: unknown };
    return typeof id === 'string' ? [{ id, description: typeof description === 'string' ? description : null }] : [];
  });
  return { models, isFallback: data.fallback === true, source: typeof data.source === 'string' ? data.source : 'the gateway' };
}

/** The gateway's models; a failure is retried only when transient, with backoff, and never again just because another picker mounted. */
export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: fetchModels,
    staleTime: 60_000,
    retry: retryTransient,
    retryDelay: backoffDelay,
    retryOnMount: false,
  });
}

/** Moves a draft still on the built-in default to a model this gateway serves (the last one chosen with it, else its first). */
function useGatewayDefaultModel(list: ModelList | undefined, set: (model: string) => void, value: string) {
  useEffect(() => {
    if (!list) return;
    const next = pickDefaultModel(value, DEFAULT_MODEL, { ids: list.models.map((model) => model.id), isFallback: list.isFallback, source: list.source }, readRememberedModel(list.source));
    if (next) set(next);
  }, [list, value, set]);
}

const OTHER = '__other__';

/** A variant id (local-agent-q4) is described by its family (local-agent). */
function describe(models: readonly ModelEntry[], id: string): string | null {
  const exact = models.find((model) => model.id === id);
  if (exact) return exact.description;
  const family = models.filter((model) => id.startsWith(`${model.id}-`)).sort((a, b) => b.id.length - a.id.length)[0];
  return family?.description ?? null;
}

/** What the chosen model does, from the gateway's list. */
export function ModelDescription({ id }: { id: string }) {
  const raw = useFieldValue('model');
  const query = useModels();
  const value = typeof raw === 'string' ? raw : '';
  const description = query.isError ? `The model list could not be loaded (${query.error instanceof Error ? query.error.message : "no answer"}); type a model id.` : describe(query.data?.models ?? [], value);
  const text = description ?? (query.data?.isFallback ? 'The gateway lists no models; these are suggestions.' : query.data ? `Listed by ${query.data.source}.` : '');
  return (
    <p id={id} title={text || undefined} className="line-clamp-2 text-xs text-fg-muted sm:line-clamp-none" data-testid="model-description">
      {text}
    </p>
  );
}

export function ModelPicker({ labelId, descriptionId }: { labelId: string; descriptionId: string }) {
  const store = useDraftStore();
  const raw = useFieldValue('model');
  const value = typeof raw === 'string' ? raw : '';
  const query = useModels();
  const models = query.data?.models ?? [];
  const [isTyping, setTyping] = useState(false);
  const isListed = models.some((model) => model.id === value);
  const showText = query.isError || isTyping || (models.length > 0 && !isListed && value !== '' && !describe(models, value));
  const source = query.data?.source ?? null;
  const setModel = useCallback((next: string) => store.setField('model', next === '' ? undefined : next), [store]);
  const set = (next: string) => {
    setModel(next);
    if (source && !query.data?.isFallback) rememberModel(source, next);
  };
  useGatewayDefaultModel(query.data, setModel, value);
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      {showText ? (
        <div className="flex min-w-0 items-center gap-1">
          <TextInput aria-labelledby={labelId} aria-describedby={descriptionId} isMono value={value} className="min-h-8 py-1" data-testid="field-model" onChange={(event) => set(event.target.value)} />
          {models.length > 0 ? (
            <button type="button" className="shrink-0 text-xs text-link underline" onClick={() => setTyping(false)}>
              List
            </button>
          ) : null}
        </div>
      ) : (
        <Select
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          isMono
          value={value}
          className="min-h-8 w-full py-1 sm:w-56"
          data-testid="field-model"
          onChange={(event) => {
            if (event.target.value === OTHER) setTyping(true);
            else set(event.target.value);
          }}
        >
          {value === '' ? <option value="">(choose a model)</option> : null}
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.id}
            </option>
          ))}
          {!isListed && value !== '' ? <option value={value}>{value}</option> : null}
          <option value={OTHER}>Another model id…</option>
        </Select>
      )}
    </div>
  );
}
