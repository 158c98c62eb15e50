'use client';
// A recording's replay for a page: one ReplaySession, its thread as a run (the same hook as the playground's), and its
// progress re-read at most once per animation frame however fast events are delivered.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRun, type ResponseRun } from '@/components/transcript/use-run';
import { ReplaySession, type ReplaySnapshot } from '@/lib/run/replay';
import type { ReplaySpeed } from '@/lib/run/replay-clock';
import type { RecordingFile } from '@/lib/schema/recording';

function frameSubscribe(session: ReplaySession) {
  return (listener: () => void) => {
    let frame: number | null = null;
    const unsubscribe = session.subscribe(() => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        listener();
      });
    });
    return () => {
      unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  };
}

export interface Replay {
  session: ReplaySession;
  run: ResponseRun;
  progress: ReplaySnapshot;
}

/** Starts playing at `speed` (paused when `isPaused`) once mounted; leaving the page ends it. */
export function useReplay(recording: RecordingFile, speed: ReplaySpeed, isPaused = false): Replay {
  const [session] = useState(() => new ReplaySession(recording, { speed, isPaused }));
  const [subscribe] = useState(() => frameSubscribe(session));
  const run = useRun(() => session.thread);
  const progress = useSyncExternalStore(subscribe, session.getSnapshot, session.getSnapshot);
  useEffect(() => {
    void session.start();
    return () => session.dispose();
  }, [session]);
  return { session, run, progress };
}
