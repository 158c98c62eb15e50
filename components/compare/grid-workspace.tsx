'use client';
// One grid (/compare/{id}): its name and actions, the setup (base, variants, rows, checks; saved as you edit), the runs with
// live progress, the results matrix, what changed since the run before, diffs, and any cell in full.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Disclosure } from '@/components/ui/disclosure';
import { Skeleton } from '@/components/ui/progress';
import { queryKeys, sessionQuery } from '@/lib/http/query-keys';
import type { GridDefinition, GridRerunRequest } from '@/lib/schema/grid';
import type { Grid } from '@/lib/grids/wire';
import { CellDialog, type OpenCell } from './cell-dialog';
import { ChecksEditor } from './checks-editor';
import { CellDiff, pickedCells, VariantDiff } from './diff-panel';
import { gridApi, useGrid, useGridRuns } from './grid-api';
import { GridHeader } from './grid-header';
import { RegressionPanel } from './regression-panel';
import { ResultsMatrix } from './results-matrix';
import { RowsEditor } from './rows-editor';
import { RunControls, type RunSettings } from './run-controls';
import { useDefinitionEditor, type DefinitionEditor } from './use-definition';
import { useLiveRun, useRunView } from './use-live-run';
import { VariantsEditor } from './variants-editor';

/** Memoized: a streaming run re-renders the page every frame, and the setup (up to 200 rows of inputs) has no reason to follow. */
// A grid shared with the viewer is read-only: one disabled fieldset turns every control of the setup off at once.
const Setup = memo(function Setup({ definition, update, isOpen, isReadOnly }: { definition: GridDefinition; update: DefinitionEditor['update']; isOpen: boolean; isReadOnly: boolean }) {
  return (
    <Disclosure summary="Setup: base request, variants, rows and checks" defaultOpen={isOpen} testId="grid-setup">
      <fieldset disabled={isReadOnly} className="flex min-w-0 flex-col gap-5 pt-2" data-testid="grid-setup-fields">
        <legend className="sr-only">{isReadOnly ? 'Setup (read-only: shared with you)' : 'Setup'}</legend>
        <VariantsEditor definition={definition} update={update} />
        <RowsEditor definition={definition} update={update} />
        <ChecksEditor definition={definition} update={update} />
      </fieldset>
    </Disclosure>
  );
});

export function GridWorkspace({ gridId, initialRunId, removedCredentials }: { gridId: string; initialRunId: string | null; removedCredentials: readonly string[] }) {
  const grid = useGrid(gridId);
  if (grid.isError) {
    return (
      <Alert title="This grid could not be opened" testId="grid-error">
        {(grid.error as Error).message}
      </Alert>
    );
  }
  if (!grid.data) return <Skeleton lines={6} label="Loading the grid…" />;
  return (
    <>
      {removedCredentials.length ? (
        <Alert tone="warning" title="Credentials left out" testId="grid-removed-credentials">
          Grids are stored and credentials never are, so this grid was made without {removedCredentials.join(', ')}. Cells that need them cannot use them.
        </Alert>
      ) : null}
      <Workspace grid={grid.data} initialRunId={initialRunId} />
    </>
  );
}

function Workspace({ grid, initialRunId }: { grid: Grid; initialRunId: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const editor = useDefinitionEditor(grid);
  // Only the grid's maker may edit, run, stop, re-run, share or delete it (the API answers 403 otherwise); others read it.
  const isChangeable = grid.is_changeable;
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const runs = useGridRuns(grid.id);
  const [selectedRunId, setSelectedRunId] = useState<string | null>(initialRunId);
  const [generation, setGeneration] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const runId = selectedRunId ?? runs.data?.[0]?.id ?? null;
  const live = useLiveRun(grid.id, runId, generation);
  const view = useRunView(live.store);
  const run = view.run?.id === runId ? view.run : null;
  const isActive = run !== null && (run.status === 'queued' || run.status === 'running') && !view.isEnded;

  // The run shown is in the address bar, so a reload (or a shared link) shows the same one.
  useEffect(() => {
    if (!runId) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('run') === runId) return;
    url.searchParams.set('run', runId);
    window.history.replaceState(window.history.state, '', url.toString());
  }, [runId]);

  // A run that ended changes the run list (its status, its pass rate), and its comparison with the run before is read again
  // (the snapshot's was made when the page connected).
  const { store } = live;
  useEffect(() => {
    if (!view.isEnded || !runId) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.gridRuns(grid.id) });
    void gridApi.run(grid.id, runId).then((final) => {
      store.push({ event: 'snapshot', data: final });
      store.push({ event: 'end', data: { status: final.status } });
    }, () => undefined);
  }, [view.isEnded, queryClient, grid.id, runId, store]);

  const act = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (error) {
      setActionError((error as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);

  const start = (settings: RunSettings) =>
    act(async () => {
      if (!(await editor.flush())) throw new Error('The grid has problems (see the setup): fix them, then run.');
      const started = await gridApi.start(grid.id, { concurrency: settings.concurrency, cell_timeout_ms: settings.cellTimeoutMs });
      setSelectedRunId(started.id);
      setPicked([]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.gridRuns(grid.id) });
    });
  const rerun = useCallback(
    (request: GridRerunRequest) =>
      act(async () => {
        if (!runId) return;
        await gridApi.rerun(grid.id, runId, request);
        setGeneration((value) => value + 1);
        await queryClient.invalidateQueries({ queryKey: queryKeys.gridRuns(grid.id) });
      }),
    [act, grid.id, runId, queryClient],
  );
  const stop = () => act(async () => void (runId ? await gridApi.cancel(grid.id, runId) : undefined));

  const matrixDefinition = run?.definition ?? editor.definition;
  const actions = useMemo(
    () => ({
      onOpen: (variantIndex: number, rowIndex: number) => setOpenCell({ variantIndex, rowIndex }),
      onPick: (variantIndex: number, rowIndex: number) => {
        const key = `${variantIndex}:${rowIndex}`;
        setPicked((current) => (current.includes(key) ? current.filter((entry) => entry !== key) : [...current, key].slice(-2)));
      },
      onRerun: (variantIndex: number, rowIndex: number) => void rerun({ scope: 'cell', variant: matrixDefinition.variants[variantIndex]!.label, row: matrixDefinition.rows[rowIndex]!.label }),
      onRerunRow: (rowIndex: number) => void rerun({ scope: 'row', row: matrixDefinition.rows[rowIndex]!.label }),
      onRerunColumn: (variantIndex: number) => void rerun({ scope: 'column', variant: matrixDefinition.variants[variantIndex]!.label }),
    }),
    [rerun, matrixDefinition],
  );
  const canAct = isChangeable && run !== null && !isActive && !isBusy;
  const runDefinition = run?.definition ?? null;
  const isEditedSinceRun = useMemo(() => runDefinition !== null && JSON.stringify(runDefinition) !== JSON.stringify(editor.definition), [runDefinition, editor.definition]);
  const [firstPicked, secondPicked] = pickedCells(run?.cells ?? [], picked);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="grid-workspace">
      <GridHeader
        editor={editor}
        gridId={grid.id}
        isShared={grid.shared}
        isChangeable={isChangeable}
        isPersonal={isPersonal}
        onDuplicate={() => act(async () => router.push(`/compare/${encodeURIComponent((await gridApi.duplicate(grid.id)).id)}`))}
        onDelete={() => act(async () => {
          await gridApi.remove(grid.id);
          await queryClient.invalidateQueries({ queryKey: queryKeys.gridLists });
          router.push('/compare');
        })}
      />
      <Setup definition={editor.definition} update={editor.update} isOpen={!initialRunId} isReadOnly={!isChangeable} />
      <RunControls
        runs={runs.data ?? []}
        selectedRunId={runId}
        view={view}
        isConnected={live.isConnected}
        isBusy={isBusy}
        canChange={isChangeable}
        canRun={isChangeable && editor.issues.length === 0}
        exportUrl={(format) => (runId ? gridApi.exportUrl(grid.id, runId, format) : null)}
        onSelect={(id) => {
          setSelectedRunId(id);
          setPicked([]);
        }}
        onRun={(settings) => void start(settings)}
        onStop={() => void stop()}
        onRerunFailed={() => void rerun({ scope: 'failed' })}
      />
      {actionError ? (
        <Alert title="That did not work" testId="grid-action-error">
          {actionError}
        </Alert>
      ) : null}
      {isEditedSinceRun ? (
        <p className="text-xs text-fg-muted" data-testid="edited-since-run">
          The grid was edited after this run: the matrix shows the run as it ran. Run again to see the changes.
        </p>
      ) : null}
      {run?.regression && !isActive ? <RegressionPanel regression={run.regression} /> : null}
      <ResultsMatrix definition={matrixDefinition} store={live.store} cells={run?.cells ?? []} picked={picked} canAct={canAct} actions={actions} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <section aria-label="Diff of two cells" className="min-w-0 rounded-lg border border-line p-3">
          <CellDiff definition={matrixDefinition} first={firstPicked} second={secondPicked} />
        </section>
        <section aria-label="Request diff of two variants" className="min-w-0 rounded-lg border border-line p-3">
          <VariantDiff definition={editor.definition} />
        </section>
      </div>
      {openCell && runId ? (
        <CellDialog
          gridId={grid.id}
          runId={runId}
          open={openCell}
          definition={matrixDefinition}
          canRerun={canAct}
          onRerun={() => {
            actions.onRerun(openCell.variantIndex, openCell.rowIndex);
            setOpenCell(null);
          }}
          onClose={() => setOpenCell(null)}
        />
      ) : null}
    </div>
  );
}
