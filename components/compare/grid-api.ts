// The compare pages' calls of /api/grids through the one fetcher, and the queries that read them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerListView } from '@/components/ui/owner-controls';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import type { GridDefinition, GridDefinitionInput, GridRerunRequest, GridRunRequest } from '@/lib/schema/grid';
import type { Grid, GridRun, GridRunSummary, GridSummary } from '@/lib/grids/wire';
import { getBrowserKeyHeaders } from '@/components/settings/browser-key';

const gridPath = (id: string) => `/api/grids/${encodeURIComponent(id)}`;
const runPath = (gridId: string, runId: string) => `${gridPath(gridId)}/runs/${encodeURIComponent(runId)}`;

export const gridApi = {
  list: async (view: OwnerListView) => (await fetchJson<{ data: GridSummary[] }>(`/api/grids?view=${view}`)).data,
  get: (id: string) => fetchJson<Grid>(gridPath(id)),
  create: (definition: GridDefinitionInput) => fetchJson<Grid>('/api/grids', { method: 'POST', json: definition }),
  save: (id: string, definition: GridDefinition) => fetchJson<Grid>(gridPath(id), { method: 'PUT', json: definition }),
  share: (id: string, shared: boolean) => fetchJson<Grid>(gridPath(id), { method: 'PATCH', json: { shared } }),
  remove: (id: string) => fetchJson<{ deleted: boolean }>(gridPath(id), { method: 'DELETE' }),
  duplicate: (id: string) => fetchJson<Grid>(`${gridPath(id)}/duplicate`, { method: 'POST' }),
  runs: async (id: string) => (await fetchJson<{ data: GridRunSummary[] }>(`${gridPath(id)}/runs`)).data,
  // A user's own key (Settings, when allowed) goes with a run: the server holds it in memory for that run only.
  start: (id: string, settings: GridRunRequest) => fetchJson<GridRun>(`${gridPath(id)}/runs`, { method: 'POST', json: settings, headers: getBrowserKeyHeaders() }),
  run: (gridId: string, runId: string) => fetchJson<GridRun>(runPath(gridId, runId)),
  cancel: (gridId: string, runId: string) => fetchJson<GridRun>(`${runPath(gridId, runId)}/cancel`, { method: 'POST' }),
  rerun: (gridId: string, runId: string, rerun: GridRerunRequest) => fetchJson<GridRun>(`${runPath(gridId, runId)}/rerun`, { method: 'POST', json: rerun, headers: getBrowserKeyHeaders() }),
  cell: (gridId: string, runId: string, variantIndex: number, rowIndex: number) => fetchJson<Record<string, unknown> & { turn: unknown }>(`${runPath(gridId, runId)}/cells/${variantIndex}/${rowIndex}`),
  exportUrl: (gridId: string, runId: string, format: 'csv' | 'json') => `${runPath(gridId, runId)}/export?format=${format}`,
};

/** `view`: with personal sign-in, my grids or the team's (shared, or from before sign-in); without it every grid either way. */
export function useGridList(view: OwnerListView) {
  return useQuery({ queryKey: queryKeys.gridList(view), queryFn: () => gridApi.list(view) });
}

/** Shows a grid (and its runs) to the team, or stops: its maker only. */
export function useShareGrid(id: string) {
  const queryClient = useQueryClient();
  const setShared = (shared: boolean) => queryClient.setQueryData<Grid>(queryKeys.grid(id), (current) => (current ? { ...current, shared } : current));
  return useMutation({
    mutationFn: (shared: boolean) => gridApi.share(id, shared),
    // The switch moves at once; a refused change puts it back (and the error is shown).
    onMutate: (shared) => setShared(shared),
    onError: (_error, shared) => setShared(!shared),
    onSuccess: (grid) => setShared(grid.shared),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.gridLists }),
  });
}

export function useGrid(id: string) {
  return useQuery({ queryKey: queryKeys.grid(id), queryFn: () => gridApi.get(id), staleTime: Infinity });
}

export function useGridRuns(id: string) {
  return useQuery({ queryKey: queryKeys.gridRuns(id), queryFn: () => gridApi.runs(id) });
}
