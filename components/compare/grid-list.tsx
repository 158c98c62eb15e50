'use client';
// /compare: every grid with its latest run (status, pass rate), Mine/Team with personal sign-in, reopen or duplicate one,
// a new grid, and a grid opened from a share link (#grid=).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/layout';
import { OwnerViewSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { Skeleton } from '@/components/ui/progress';
import { queryKeys, sessionQuery } from '@/lib/http/query-keys';
import type { GridDefinitionInput } from '@/lib/schema/grid';
import { gridApi, useGridList } from './grid-api';
import { decodeGridShareHash } from './grid-share';

/** A starting point that runs against the local gateway: two models side by side on one row, judged by their status. */
export const STARTER_GRID: GridDefinitionInput = {
  name: 'Untitled comparison',
  base: { model: 'local-agent', stream: true },
  variants: [
    { label: 'local-agent', patch: {} },
    { label: 'local-echo', patch: { model: 'local-echo' } },
  ],
  rows: [{ label: 'row 1', input: 'hello there' }],
  checks: [{ type: 'status', value: 'completed' }],
};

/** A #grid= link the page was opened with, offered once: the hash is cleared so a reload does not offer it again. */
function useSharedGridLink(onFound: (definition: GridDefinitionInput) => void): void {
  const latest = useRef(onFound);
  useEffect(() => {
    latest.current = onFound;
  });
  useEffect(() => {
    const definition = decodeGridShareHash(window.location.hash);
    if (!definition) return;
    latest.current(definition);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
}

export function GridList() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const [view, setView] = useState<OwnerListView>('mine');
  const grids = useGridList(isPersonal ? view : 'mine');
  const [shared, setShared] = useState<GridDefinitionInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  useSharedGridLink(setShared);

  /** Makes a grid (a new one, a shared link's, or a copy of one in the list) and opens it. */
  const create = async (make: () => Promise<{ id: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const grid = await make();
      await queryClient.invalidateQueries({ queryKey: queryKeys.gridLists });
      router.push(`/compare/${encodeURIComponent(grid.id)}`);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="grid-list">
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" data-testid="new-grid" isLoading={isBusy} onClick={() => void create(() => gridApi.create(STARTER_GRID))}>
          New grid
        </Button>
        <Link href="/" className="self-center text-sm text-link underline">
          Or start from the playground’s request (Compare, beside Send)
        </Link>
        {isPersonal ? (
          <div className="ml-auto">
            <OwnerViewSwitch name="grids-view" value={view} onChange={setView} testId="grids-view" />
          </div>
        ) : null}
      </div>
      {shared ? (
        <Alert tone="info" title={`Shared grid: “${shared.name ?? 'unnamed'}”`} testId="shared-grid">
          <p>
            {shared.variants?.length ?? 0} variants × {shared.rows?.length ?? 0} rows, {shared.checks?.length ?? 0} checks. Saving it makes a new grid of yours.
          </p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="primary" data-testid="shared-grid-save" disabled={isBusy} onClick={() => void create(() => gridApi.create(shared))}>
              Save as a new grid
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setShared(null)}>
              Dismiss
            </Button>
          </div>
        </Alert>
      ) : null}
      {error ? <Alert title="The grid could not be made">{error}</Alert> : null}
      {grids.isError ? <Alert title="The grids could not be loaded">{(grids.error as Error).message}</Alert> : null}
      {!grids.data && !grids.isError ? <Skeleton lines={4} label="Loading grids…" /> : null}
      {grids.data && grids.data.length === 0 && isPersonal && view === 'team' ? (
        <EmptyState title="Nothing shared with the team yet" testId="grid-list-empty">
          A grid its maker shares (the Shared with team switch on the grid) shows here for everyone, to open, run results to read, and duplicate.
        </EmptyState>
      ) : null}
      {grids.data && grids.data.length === 0 && !(isPersonal && view === 'team') ? (
        <EmptyState title="No grids yet" testId="grid-list-empty">
          A grid runs one request across variants (models, settings) and test inputs, side by side, with checks on every cell.
        </EmptyState>
      ) : null}
      <ul className="flex min-w-0 flex-col gap-2">
        {(grids.data ?? []).map((grid) => (
          <li key={grid.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface p-3" data-testid="grid-entry">
            <div className="min-w-0">
              <Link href={`/compare/${encodeURIComponent(grid.id)}`} className="font-semibold text-link underline [overflow-wrap:anywhere]" data-testid="grid-entry-open">
                {grid.name}
              </Link>
              <p className="text-xs text-fg-muted">
                {grid.variants} variants × {grid.rows} rows · {grid.checks} checks · edited {new Date(grid.updated_at).toLocaleString()}
              </p>
              {isPersonal && grid.shared ? <Badge tone="accent" testId="grid-entry-shared">{grid.is_changeable ? 'shared with team' : 'shared with you: read-only'}</Badge> : null}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {grid.last_run ? (
                <div className="flex items-center gap-2 text-xs" data-testid="grid-entry-run">
                  <StatusBadge status={grid.last_run.status} />
                  <span>
                    {grid.last_run.totals.passed} of {grid.last_run.totals.cells} passed
                  </span>
                </div>
              ) : (
                <span className="text-xs text-fg-muted">not run yet</span>
              )}
              <Button size="sm" variant="ghost" data-testid="grid-entry-duplicate" disabled={isBusy} aria-label={`Duplicate ${grid.name}`} onClick={() => void create(() => gridApi.duplicate(grid.id))}>
                Duplicate
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
