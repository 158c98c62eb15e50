'use client';
// The thread as the playground shows it: run controls and exports, every turn (the latest one answerable: tool outputs,
// MCP approvals); the raw event log of a chosen turn is events-panel.tsx.
import { useMemo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { isBackgroundTurn } from '@/lib/transcript/echo';
import { buildRunJson, buildRunMarkdown } from '@/lib/transcript/export';
import type { Turn } from '@/lib/transcript/run-types';
import { usePresentation } from './presentation';
import { RunStatusBadge } from './run-status-badge';
import { ApprovalDecisionsProvider, TranscriptActionsProvider } from './transcript-actions';
import { TurnView } from './turn-view';
import type { ResponseRun } from './use-run';

/** `actions` adds controls after the exports (the playground's "Keep recording"); presentation view keeps status, Stop and them. */
export function RunToolbar({ run, actions }: { run: ResponseRun; actions?: ReactNode }) {
  const { turns } = run;
  const { isPresenting } = usePresentation();
  const last = turns.at(-1);
  const response = last?.transcript.response;
  const isBackground = last !== undefined && isBackgroundTurn(last.request, response ?? null) && typeof response?.id === 'string';
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2" role="toolbar" aria-label="Run controls" data-testid="run-toolbar">
      <RunStatusBadge status={run.status} turn={last} testId="run-status" />
      {run.isRunning ? (
        <Button size="sm" data-testid="run-stop" onClick={run.stop}>
          Stop
        </Button>
      ) : null}
      {run.isRunning && isBackground ? (
        <Button size="sm" data-testid="run-cancel" onClick={() => void run.cancel()}>
          Cancel on gateway
        </Button>
      ) : null}
      {isPresenting ? null : (
        <>
          <Button size="sm" variant="ghost" data-testid="export-json" disabled={turns.length === 0} onClick={() => download(turns, 'json')}>
            Export JSON
          </Button>
          <Button size="sm" variant="ghost" data-testid="export-markdown" disabled={turns.length === 0} onClick={() => download(turns, 'md')}>
            Export Markdown
          </Button>
        </>
      )}
      {actions}
    </div>
  );
}

/** `turnActions` adds controls under a turn (the playground's "Branch from turn N"); `isReadOnly` (a replay) offers no reply, retry or resume. */
export function TurnList({ run, turnActions, isReadOnly = false }: { run: ResponseRun; turnActions?: (turn: Turn, index: number) => ReactNode; isReadOnly?: boolean }) {
  const { turns, retry, resume } = run;
  const requests = useMemo(() => turns.map((turn) => turn.request.body), [turns]);
  // Stable objects: the memoized earlier turns do not re-render while the latest one streams.
  const recovery = useMemo(() => (isReadOnly ? {} : { onRetry: (key: string) => void retry(key) }), [retry, isReadOnly]);
  const latestRecovery = useMemo(() => (isReadOnly ? recovery : { ...recovery, onResume: () => void resume() }), [recovery, resume, isReadOnly]);
  return (
    <ApprovalDecisionsProvider requests={requests}>
    <div data-testid="transcript" className="flex min-w-0 flex-col gap-6">
      {turns.map((turn, at) => {
        const view =
          at === turns.length - 1 && !isReadOnly ? (
            <TranscriptActionsProvider key={turn.key} items={turn.transcript.items} isBusy={run.isRunning} onReply={(input) => void run.reply(input)}>
              <TurnView turn={turn} number={at + 1} recovery={latestRecovery} />
            </TranscriptActionsProvider>
          ) : (
            <TurnView key={turn.key} turn={turn} number={at + 1} recovery={at === turns.length - 1 ? latestRecovery : recovery} />
          );
        const actions = turnActions?.(turn, at);
        return actions ? (
          <div key={turn.key} className="flex min-w-0 flex-col gap-2">
            {view}
            {actions}
          </div>
        ) : (
          view
        );
      })}
    </div>
    </ApprovalDecisionsProvider>
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
