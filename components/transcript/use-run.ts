'use client';
// The run hook: a lib/run thread (over the proxy, its code loaded with the first use; or a recording's replay),
// re-rendered at most once per animation frame.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { SendInput, ThreadSnapshot } from '@/lib/run/thread';
import { createLazyProxyThread, type ThreadLike } from './lazy-thread';

export type { SendInput };

export interface ResponseRun extends ThreadSnapshot {
  send(input: SendInput): Promise<void>;
  /** Continues the thread: the last request's settings, previous_response_id of the last response, `input`. */
  reply(input: unknown[]): Promise<void>;
  stop(): void;
  /** Asks the gateway to cancel the running background response. */
  cancel(): Promise<void>;
  /** Opens a stored response as a turn; `input` (what it was sent, when known) heads the turn. */
  load(responseId: string, headers?: Record<string, string>, input?: unknown): Promise<void>;
  /** Re-streams a background response: the last turn from its cursor, or another id from the start. */
  resume(responseId?: string, headers?: Record<string, string>): Promise<void>;
  /** Sends a failed turn's request again in its place (the latest turn without a key). */
  retry(key?: string): Promise<void>;
  reset(): void;
}

/** Batches the thread's notifications to one per frame, however fast events arrive. */
function createFrameStore(thread: ThreadLike) {
  let published = thread.getSnapshot();
  return {
    getSnapshot: () => published,
    subscribe(listener: () => void) {
      let frame: number | null = null;
      const flush = () => {
        frame = null;
        published = thread.getSnapshot();
        listener();
      };
      const schedule = () => {
        if (frame === null) frame = requestAnimationFrame(flush);
      };
      const unsubscribe = thread.subscribe(schedule);
      // A change between the first render and this subscription is not lost.
      if (thread.getSnapshot() !== published) schedule();
      return () => {
        unsubscribe();
        if (frame !== null) cancelAnimationFrame(frame);
      };
    },
  };
}

/** A thread over the proxy by default; a replay passes one over its recording (`createThread` is called once). */
export function useRun(createThread: () => ThreadLike = createLazyProxyThread): ResponseRun {
  const [thread] = useState(createThread);
  const [store] = useState(() => createFrameStore(thread));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => () => thread.stop(), [thread]);
  return useMemo(
    () => ({
      ...snapshot,
      send: thread.send,
      reply: thread.reply,
      stop: thread.stop,
      cancel: thread.cancel,
      load: thread.load,
      resume: thread.resume,
      retry: thread.retry,
      reset: thread.reset,
    }),
    [snapshot, thread],
  );
}
