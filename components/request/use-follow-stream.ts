'use client';
// Keeps the newest turn in view: a new turn scrolls in; streamed text is followed until the user scrolls up (pause), and
// followed again once they scroll back to the bottom.
import { useEffect, useRef } from 'react';
import type { ResponseRun } from '@/components/transcript/use-run';

const NEAR_BOTTOM_PX = 120;

function isNearBottom(): boolean {
  const root = document.scrollingElement ?? document.documentElement;
  return root.scrollHeight - (root.scrollTop + window.innerHeight) < NEAR_BOTTOM_PX;
}

export function useFollowStream(run: ResponseRun): void {
  const isFollowing = useRef(true);
  const turnCount = run.turns.length;
  const seenTurns = useRef(turnCount);
  const last = run.turns.at(-1);

  useEffect(() => {
    const onScroll = () => {
      isFollowing.current = isNearBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    // The new turn sits just above the pinned composer: scrolling to the end brings it into view.
    if (turnCount > seenTurns.current) {
      isFollowing.current = true;
      window.scrollTo({ top: (document.scrollingElement ?? document.documentElement).scrollHeight });
    }
    seenTurns.current = turnCount;
  }, [turnCount]);

  useEffect(() => {
    if (!run.isRunning || !isFollowing.current || turnCount !== seenTurns.current) return;
    const root = document.scrollingElement ?? document.documentElement;
    window.scrollTo({ top: root.scrollHeight });
  }, [last, run.isRunning, turnCount]);
}
