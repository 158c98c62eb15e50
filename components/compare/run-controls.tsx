'use client';
// Starting and following runs: settings, Run, Stop, Re-run failed, the run shown (with its status), exports, and the
// progress bar with done/total, the time so far and the time left at the pace so far.
import { useState } from 'react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Select, TextInput } from '@/components/ui/input';
import { Toolbar } from '@/components/ui/layout';
import { ProgressBar } from '@/components/ui/progress';
import { useNow } from '@/components/transcript/use-now';
import { estimateMsLeft } from '@/lib/grids/summary';
import type { GridRunSummary } from '@/lib/grids/wire';
import { GRID_LIMITS } from '@/lib/schema/grid';
import type { RunView } from './live-run-store';

export interface RunSettings {
  concurrency: number;
  cellTimeoutMs: number;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export interface RunControlsProps {
  runs: readonly GridRunSummary[];
  selectedRunId: string | null;
  view: RunView;
  isConnected: boolean;
  isBusy: boolean;
  /** The viewer made the grid: only then Run, Stop and Re-run show (a grid shared with them is read-only). */
  canChange: boolean;
  canRun: boolean;
  exportUrl: (format: 'csv' | 'json') => string | null;
  onSelect(runId: string): void;
  onRun(settings: RunSettings): void;
  onStop(): void;
  onRerunFailed(): void;
}

export function RunControls({ runs, selectedRunId, view, isConnected, isBusy, canChange, canRun, exportUrl, onSelect, onRun, onStop, onRerunFailed }: RunControlsProps) {
  const [concurrency, setConcurrency] = useState(String(GRID_LIMITS.concurrency.default));
  const [timeoutSeconds, setTimeoutSeconds] = useState(String(GRID_LIMITS.cellTimeoutMs.default / 1000));
  const run = view.run;
  const isActive = run !== null && (run.status === 'queued' || run.status === 'running') && !view.isEnded;
  // Cells that cannot be sent (invalid) stay so: Re-run failed leaves them out, and so does its count.
  const failed = run ? run.cells.filter((cell) => cell.pass === false && cell.status !== 'invalid').length : 0;
  const concurrencyValue = Number(concurrency);
  const timeoutValue = Number(timeoutSeconds) * 1000;
  const isSettingValid = Number.isInteger(concurrencyValue) && concurrencyValue >= GRID_LIMITS.concurrency.min && concurrencyValue <= GRID_LIMITS.concurrency.max && Number.isInteger(timeoutValue) && timeoutValue >= GRID_LIMITS.cellTimeoutMs.min && timeoutValue <= GRID_LIMITS.cellTimeoutMs.max;
  const csv = exportUrl('csv');
  const json = exportUrl('json');
  return (
    <section aria-label="Runs" className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-3" data-testid="run-controls">
      <Toolbar label="Run settings and actions">
        <label className="flex flex-col gap-1 text-xs text-fg-muted">
          <span>
            Concurrency <span className="font-mono">concurrency</span>
          </span>
          <TextInput type="number" min={GRID_LIMITS.concurrency.min} max={GRID_LIMITS.concurrency.max} className="w-24" disabled={!canChange} value={concurrency} data-testid="run-concurrency" onChange={(event) => setConcurrency(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-fg-muted">
          <span>
            Cell timeout, s <span className="font-mono">cell_timeout_ms</span>
          </span>
          <TextInput type="number" min={1} max={600} className="w-24" disabled={!canChange} value={timeoutSeconds} data-testid="run-timeout" onChange={(event) => setTimeoutSeconds(event.target.value)} />
        </label>
        {canChange ? (
          <Button variant="primary" data-testid="run-grid" disabled={!canRun || isBusy || !isSettingValid} isLoading={isBusy && !isActive} onClick={() => onRun({ concurrency: concurrencyValue, cellTimeoutMs: timeoutValue })}>
            Run
          </Button>
        ) : null}
        {isActive && canChange ? (
          <Button variant="danger" data-testid="stop-run" onClick={onStop}>
            Stop
          </Button>
        ) : null}
        {run && !isActive && failed > 0 && canChange ? (
          <Button data-testid="rerun-failed" disabled={isBusy} onClick={onRerunFailed}>
            Re-run {failed} failed
          </Button>
        ) : null}
        {csv && json ? (
          <>
            <a className={buttonClass({ variant: 'ghost' })} href={csv} download data-testid="export-csv">
              Export CSV
            </a>
            <a className={buttonClass({ variant: 'ghost' })} href={json} download data-testid="export-json">
              Export JSON
            </a>
          </>
        ) : null}
        {runs.length > 0 ? (
          <label className="ml-auto flex flex-col gap-1 text-xs text-fg-muted">
            Run shown
            <Select className="sm:w-auto" value={selectedRunId ?? ''} data-testid="run-select" onChange={(event) => onSelect(event.target.value)}>
              {runs.map((summary, index) => (
                <option key={summary.id} value={summary.id}>
                  {`#${runs.length - index} · ${new Date(summary.created_at).toLocaleString()} · ${summary.status}${summary.totals.pass_rate === null ? '' : ` · ${Math.round(summary.totals.pass_rate * 100)}% pass`}`}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </Toolbar>
      {!isSettingValid ? <p className="text-xs text-danger">Concurrency is 1 to 16, the cell timeout 1 to 600 s.</p> : null}
      {run ? <RunProgress view={view} isActive={isActive} isConnected={isConnected} /> : <p className="text-sm text-fg-muted" data-testid="no-runs">{canChange ? 'Not run yet: Run sends every cell.' : 'Not run yet: only its maker can run it (Duplicate it to run your own copy).'}</p>}
    </section>
  );
}

function RunProgress({ view, isActive, isConnected }: { view: RunView; isActive: boolean; isConnected: boolean }) {
  const run = view.run!;
  const now = useNow(isActive);
  const elapsedMs = run.elapsed_ms + (isActive && run.started_at ? Math.max(0, now - view.receivedAt) : 0);
  const { done, cells, passed, failed } = run.totals;
  const left = isActive ? estimateMsLeft(elapsedMs, done - run.cells_done_at_start, cells - run.cells_done_at_start) : null;
  const words = `${done} of ${cells} cells done · ${formatDuration(elapsedMs)} elapsed${isActive ? ` · ${left === null ? 'time left not known yet' : `about ${formatDuration(left)} left`}` : ''}`;
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="run-progress">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="run-status" data-status={run.status}>
          <StatusBadge status={run.status} />
        </span>
        <span data-testid="run-progress-text">{words}</span>
        <span className="text-fg-muted" data-testid="run-pass-count">
          {passed} passed · {failed} failed
        </span>
        {!isConnected && isActive ? (
          <Badge tone="warning" testId="run-reconnecting">
            Live updates lost, reconnecting: figures may be out of date
          </Badge>
        ) : null}
      </div>
      <ProgressBar label="Cells done" value={done} max={Math.max(cells, 1)} valueText={words} testId="run-progressbar" />
    </div>
  );
}
