'use client';
// The replay page: the recording loaded, then played through the same run controller, transcript, metrics and event log
// as a live run, with its controls, its exports and the way back to the playground.
import Link from 'next/link';
import { useState } from 'react';
import { PresentationProvider, PresentationToggle, usePresentation } from '@/components/transcript/presentation';
import { EventsPanel } from '@/components/transcript/events-panel';
import { TurnList } from '@/components/transcript/run-panel';
import { RunStatusBadge } from '@/components/transcript/run-status-badge';
import { NowSourceProvider } from '@/components/transcript/use-now';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Skeleton } from '@/components/ui/progress';
import type { RecordingListEntry } from '@/lib/recordings/schemas';
import type { ReplaySpeed } from '@/lib/run/replay-clock';
import type { RecordingFile } from '@/lib/schema/recording';
import { formatDuration, formatWhen } from './format';
import { continueHref, exportHref, openRequestHref, readSpeedParam } from './recording-links';
import { ReplayControls } from './replay-controls';
import { useRecordingActions, useRecordingFile } from './use-recordings';
import { useReplay } from './use-replay';

export interface ReplayPageProps {
  summary: RecordingListEntry;
  /** `?speed=` as given: 1, 2, 5 or instant (anything else plays at 1×). */
  speed: string | undefined;
  isPresenting: boolean;
}

export function ReplayView({ summary, speed: speedText, isPresenting }: ReplayPageProps) {
  const file = useRecordingFile(summary.id);
  const speed = readSpeedParam(speedText);
  return (
    <PresentationProvider initial={isPresenting}>
      {file.isPending ? <Skeleton label="Loading the recording…" /> : null}
      {file.error ? <Alert testId="replay-load-error">The recording could not be read: {file.error.message}</Alert> : null}
      {file.data ? <ReplayPlayer recording={file.data} summary={summary} speed={speed} /> : null}
    </PresentationProvider>
  );
}

function ReplayPlayer({ recording, summary, speed }: { recording: RecordingFile; summary: RecordingListEntry; speed: ReplaySpeed }) {
  const { session, run, progress } = useReplay(recording, speed);
  const { isPresenting } = usePresentation();
  const [isLogShown, setLogShown] = useState(false);
  const [readNow] = useState(() => () => session.clock.position());
  const showsLog = !isPresenting || isLogShown;
  const last = run.turns.at(-1);
  return (
    <NowSourceProvider value={readNow}>
      <div className="flex min-w-0 flex-col gap-3" data-testid="replay">
        <header className={cx('flex min-w-0 flex-wrap items-center justify-between gap-2', isPresenting && 'text-lg')}>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 className={cx('min-w-0 font-semibold text-fg [overflow-wrap:anywhere]', isPresenting && 'sr-only')} data-testid="replay-name">
              {summary.name}
            </h2>
            <RunStatusBadge status={run.status} turn={last} testId="run-status" />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PresentationToggle />
            {isPresenting ? (
              <Button size="sm" variant="ghost" aria-pressed={isLogShown} data-testid="replay-show-log" onClick={() => setLogShown(!isLogShown)}>
                {isLogShown ? 'Hide event log' : 'Show event log'}
              </Button>
            ) : null}
          </div>
        </header>
        {isPresenting ? null : <RecordingFacts recording={recording} summary={summary} />}
        <ReplayControls recording={recording} session={session} progress={progress} isCompact={isPresenting} />
        <div className={cx('grid min-w-0 grid-cols-1 gap-4', showsLog && 'xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]')}>
          <section aria-label="Replayed transcript" className="min-w-0">
            <TurnList run={run} isReadOnly />
          </section>
          {showsLog ? (
            <aside aria-label="Replayed events" className="min-w-0 xl:sticky xl:top-2 xl:max-h-[calc(100dvh-1rem)] xl:self-start xl:overflow-auto">
              <EventsPanel run={run} canResume={false} />
            </aside>
          ) : null}
        </div>
      </div>
    </NowSourceProvider>
  );
}

/** Where the recording came from, and what can be done with it besides replaying. */
function RecordingFacts({ recording, summary }: { recording: RecordingFile; summary: RecordingListEntry }) {
  const { update } = useRecordingActions();
  const [isPinned, setPinned] = useState(summary.pinned);
  const continued = continueHref(recording);
  const facts = [
    recording.model,
    `recorded ${formatWhen(recording.recorded_at)}`,
    formatDuration(recording.duration_ms),
    `${recording.events.length} events`,
    recording.on_behalf_of ? `acting as ${recording.on_behalf_of}` : null,
    summary.origin === 'imported' ? 'imported from a file' : null,
  ].filter(Boolean);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-sm text-fg-muted [overflow-wrap:anywhere]" data-testid="replay-facts">
        {facts.join(' · ')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a href={exportHref(summary.id)} download className={buttonClass({ size: 'sm' })} data-testid="replay-export">
          Export
        </a>
        <Link href={openRequestHref(recording)} className={buttonClass({ size: 'sm' })} data-testid="replay-open-request">
          Open the request in the playground
        </Link>
        {continued ? (
          <Link href={continued} className={buttonClass({ size: 'sm' })} data-testid="replay-continue" title="Continues the recorded response: the gateway must still have it stored.">
            Continue in the playground
          </Link>
        ) : null}
        {summary.is_changeable ? (
          <Button
            size="sm"
            aria-pressed={isPinned}
            isLoading={update.isPending}
            data-testid="replay-pin"
            onClick={() => void update.mutateAsync({ id: summary.id, change: { pinned: !isPinned } }).then((entry) => setPinned(entry.pinned))}
          >
            {isPinned ? 'Kept: let it expire' : 'Keep this recording'}
          </Button>
        ) : null}
        <Link href="/recordings" className="text-sm text-link underline">
          All recordings
        </Link>
      </div>
      {update.error ? <Alert>{update.error.message}</Alert> : null}
    </div>
  );
}
