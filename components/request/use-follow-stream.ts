'use client';
// Keeps the newest turn in view: a new turn scrolls in; streamed text is followed until the user scrolls up (following
// pauses), and followed again once they scroll back to the bottom or choose "Jump to latest".
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseRun } from '@/components/transcript/use-run';

/** True for a control that takes typed text (keys there are text, not page shortcuts). */
export function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

const NEAR_BOTTOM_PX = 120;

function scrollRoot(): Element {
  return document.scrollingElement ?? document.documentElement;
}

function isNearBottom(): boolean {
  const root = scrollRoot();
  return root.scrollHeight - (root.scrollTop + window.innerHeight) < NEAR_BOTTOM_PX;
}

function scrollToEnd(): void {
  window.scrollTo({ top: scrollRoot().scrollHeight });
}

export interface FollowStream {
  /** False once the user scrolled up from the end: streamed text no longer moves the page. */
  isFollowing: boolean;
  jumpToLatest(): void;
}

export function useFollowStream(run: ResponseRun): FollowStream {
  const [isFollowing, setFollowing] = useState(true);
  const following = useRef(true);
  const turnCount = run.turns.length;
  const seenTurns = useRef(turnCount);
  const last = run.turns.at(-1);

  const follow = useCallback((next: boolean) => {
    following.current = next;
    setFollowing(next);
  }, []);

  useEffect(() => {
    let lastTop = scrollRoot().scrollTop;
    // A wheel or key moving up pauses at once, before the next streamed text would scroll the page back down.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) follow(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (!isEditable(event.target) && ['PageUp', 'ArrowUp', 'Home'].includes(event.key)) follow(false);
    };
    // A scrollbar drag up pauses too; reaching the end again resumes.
    const onScroll = () => {
      const top = scrollRoot().scrollTop;
      if (top < lastTop - 1 && !isNearBottom()) follow(false);
      else if (top > lastTop && isNearBottom()) follow(true);
      lastTop = top;
    };
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
    };
  }, [follow]);

  useEffect(() => {
    // The new turn sits just above the pinned composer: scrolling to the end brings it into view.
    if (turnCount > seenTurns.current) {
      follow(true);
      scrollToEnd();
    }
    seenTurns.current = turnCount;
  }, [turnCount, follow]);

  useEffect(() => {
    if (!run.isRunning || !following.current || turnCount !== seenTurns.current) return;
    scrollToEnd();
  }, [last, run.isRunning, turnCount]);

  const jumpToLatest = useCallback(() => {
    follow(true);
    scrollToEnd();
  }, [follow]);

  return { isFollowing, jumpToLatest };
}
