'use client';
// The replay's controls: play or pause, speed (1×, 2×, 5×, instant), a scrub bar over the recorded events, and how long
// it played against how long the recording took.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { ReplaySession, ReplaySnapshot } from '@/lib/run/replay';
import { REPLAY_SPEEDS, type ReplaySpeed } from '@/lib/run/replay-clock';
import type { RecordingFile } from '@/lib/schema/recording';
import { formatDuration } from './format';
import { speedParam } from './recording-links';

const SEEK_DEBOUNCE_MS = 80;

const speedLabel = (speed: ReplaySpeed) => (speed === Infinity ? 'Instant' : `${speed}×`);

/** The event type a recorded event carries, for the scrub bar's label. */
function typeOf(raw: string | undefined): string {
  const match = /^event:\s*(.+)$/m.exec(raw ?? '') ?? /"type"\s*:\s*"([^"]+)"/.exec(raw ?? '');
  return match?.[1]?.trim() ?? 'event';
}

/** `isCompact` (presentation view): one row, the position in time only (no event types). */
export function ReplayControls({ recording, session, progress, isCompact = false }: { recording: RecordingFile; session: ReplaySession; progress: ReplaySnapshot; isCompact?: boolean }) {
  const { events } = recording;
  const shown = Math.max(0, progress.delivered - 1);
  // While the thumb moves, the bar shows where it is; the replay seeks once it rests.
  const [scrubbing, setScrubbing] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const at = scrubbing ?? shown;
  const event = events[at];
  const startedAtMs = progress.startedFrom >= 0 ? (events[progress.startedFrom]?.at_ms ?? 0) : 0;
  const recordedMs = recording.duration_ms - startedAtMs;

  const scrub = (index: number) => {
    setScrubbing(index);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setScrubbing(null);
      void session.seek(index);
    }, SEEK_DEBOUNCE_MS);
  };

  return (
    <div
      className={cx('flex min-w-0 gap-2 rounded-lg border border-line bg-surface p-3', isCompact ? 'flex-row flex-wrap items-center' : 'flex-col')}
      role="group"
      aria-label="Replay controls"
      data-testid="replay-controls"
      data-delivered={progress.delivered}
      data-event-count={progress.eventCount}
      data-ended={progress.isEnded}
      data-paused={progress.isPaused}
      data-speed={speedParam(progress.speed)}
      data-played-ms={progress.playedMs === null ? undefined : Math.round(progress.playedMs)}
      data-recorded-ms={Math.round(recordedMs)}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {progress.isPaused || progress.isEnded ? (
          <Button size="sm" variant="primary" data-testid="replay-play" onClick={session.play}>
            {progress.isEnded ? 'Play again' : 'Play'}
          </Button>
        ) : (
          <Button size="sm" variant="primary" data-testid="replay-pause" onClick={session.pause}>
            Pause
          </Button>
        )}
        <Button size="sm" data-testid="replay-restart" onClick={() => void session.start()}>
          Restart
        </Button>
        <SegmentedControl
          label="Replay speed"
          name="replay-speed"
          testId="replay-speed"
          value={speedParam(progress.speed)}
          options={REPLAY_SPEEDS.map((speed) => ({ value: speedParam(speed), label: speedLabel(speed), testId: `replay-speed-${speedParam(speed)}` }))}
          onChange={(value) => session.setSpeed(REPLAY_SPEEDS.find((speed) => speedParam(speed) === value) ?? 1)}
        />
      </div>
      <label className={cx('flex min-w-0 gap-1 text-sm', isCompact ? 'flex-1 flex-row-reverse items-center gap-3' : 'flex-col')}>
        <span className="shrink-0 text-fg-muted">
          {isCompact ? null : 'Event '}
          <span data-testid="replay-position" className={isCompact ? 'sr-only' : undefined}>
            {events.length === 0 ? 0 : at + 1}
          </span>
          {isCompact ? (event ? formatDuration(event.at_ms) : '') : ` of ${events.length}${event ? ` · ${formatDuration(event.at_ms)} · ${typeOf(event.raw)}` : ''}`}
        </span>
        <input
          type="range"
          min={0}
          max={Math.max(0, events.length - 1)}
          step={1}
          value={at}
          disabled={events.length === 0}
          data-testid="replay-scrub"
          aria-valuetext={event ? `Event ${at + 1} of ${events.length}, at ${formatDuration(event.at_ms)}` : 'No events'}
          className="w-full accent-[var(--color-accent)]"
          onChange={(change) => scrub(Number(change.target.value))}
        />
      </label>
      <p className={cx('text-xs text-fg-muted', isCompact && 'sr-only')} data-testid="replay-timing" aria-live="polite">
        {progress.isEnded && progress.playedMs !== null
          ? `Played in ${formatDuration(progress.playedMs)} at ${speedLabel(progress.speed)}; the recording took ${formatDuration(recordedMs)}.`
          : progress.isPaused
            ? 'Paused.'
            : `Replaying at ${speedLabel(progress.speed)} from the recording: no gateway is called.`}
      </p>
    </div>
  );
}
