'use client';
// The run panel: transcript of every turn beside the raw event log, with run controls and exports.
import { useState } from 'react';
import { buildRunJson, buildRunMarkdown } from '@/lib/transcript/export';
import type { Turn } from '@/lib/transcript/run-types';
import { EventLog } from './event-log';
import { FollowUpBox, ResumeByIdForm } from './follow-up-box';
import { TranscriptActionsProvider } from './transcript-actions';
import { TurnView } from './turn-view';
import type { ResponseRun } from './use-response-run';

const BUTTON = 'rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800';

export function RunPanel({ run }: { run: ResponseRun }) {
  const [selected, setSelected] = useState<number | null>(null);
  const { turns } = run;
  const last = turns.at(-1);
  const logTurn = turns[selected ?? turns.length - 1] ?? last;
  const response = last?.transcript.response;
  const isBackground = response?.background === true && typeof response.id === 'string';
  const canResume = !run.isRunning && isBackground && (last?.status === 'stopped' || last?.status === 'error');
  return (
    <section data-testid="run-panel" aria-label="Run" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <p role="status" aria-live="polite" data-testid="run-announcer" className="sr-only">
        {run.announcement}
      </p>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Run controls">
          <span data-testid="run-status" className="rounded bg-zinc-200 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">
            {run.status}
          </span>
          {run.isRunning ? (
            <button type="button" data-testid="run-stop" onClick={run.stop} className={BUTTON}>
              Stop
            </button>
          ) : null}
          {run.isRunning && isBackground ? (
            <button type="button" data-testid="run-cancel" onClick={() => void run.cancel()} className={BUTTON}>
              Cancel on gateway
            </button>
          ) : null}
          {canResume ? (
            <button type="button" data-testid="run-resume" onClick={() => void run.resume()} className={BUTTON}>
              Resume
            </button>
          ) : null}
          <button type="button" data-testid="export-json" disabled={turns.length === 0} onClick={() => download(turns, 'json')} className={BUTTON}>
            Export JSON
          </button>
          <button type="button" data-testid="export-markdown" disabled={turns.length === 0} onClick={() => download(turns, 'md')} className={BUTTON}>
            Export Markdown
          </button>
          <button type="button" data-testid="run-reset" disabled={turns.length === 0} onClick={run.reset} className={BUTTON}>
            Clear
          </button>
        </div>
        {turns.length === 0 ? <p className="text-sm text-zinc-500">No run yet. Send a request to see the response stream in.</p> : null}
        <div data-testid="transcript" className="space-y-6">
          {turns.map((turn, at) =>
            at === turns.length - 1 ? (
              <TranscriptActionsProvider key={turn.key} items={turn.transcript.items} isBusy={run.isRunning} onReply={(input) => void run.reply(input)}>
                <TurnView turn={turn} number={at + 1} />
              </TranscriptActionsProvider>
            ) : (
              <TurnView key={turn.key} turn={turn} number={at + 1} />
            ),
          )}
        </div>
        {last && typeof response?.id === 'string' && !run.isRunning ? <FollowUpBox run={run} /> : null}
        <ResumeByIdForm run={run} />
      </div>
      <div className="min-w-0 space-y-2">
        {turns.length > 1 ? (
          <label className="flex items-center gap-2 text-xs">
            Events of
            <select data-testid="event-log-turn" value={selected ?? turns.length - 1} onChange={(event) => setSelected(Number(event.target.value))} className="rounded border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-950">
              {turns.map((turn, at) => (
                <option key={turn.key} value={at}>
                  Turn {at + 1}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {logTurn ? <EventLog key={logTurn.key} events={logTurn.events} eventCount={logTurn.eventCount} /> : null}
      </div>
    </section>
  );
}

function download(turns: readonly Turn[], format: 'json' | 'md'): void {
  const content = format === 'json' ? buildRunJson(turns) : buildRunMarkdown(turns);
  const id = turns.at(-1)?.metrics.responseId ?? 'run';
  const url = URL.createObjectURL(new Blob([content], { type: format === 'json' ? 'application/json' : 'text/markdown' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${id}.${format}`;
  anchor.click();
  URL.revokeObjectURL(url);
}
