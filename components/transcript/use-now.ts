'use client';
// The clock a live figure reads: performance.now(), or a replay's timeline (NowSourceProvider), re-read every TICK_MS
// while `isTicking`, frozen otherwise.
import { createContext, useContext, useEffect, useState } from 'react';

const TICK_MS = 100;

const readPerformanceNow = () => performance.now();

const NowSourceContext = createContext<() => number>(readPerformanceNow);

/** Live figures below read this instead of performance.now(): a replay passes its clock, on the time base of its run. */
export const NowSourceProvider = NowSourceContext.Provider;

export function useNow(isTicking: boolean): number {
  const read = useContext(NowSourceContext);
  const [now, setNow] = useState(read);
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(read()), TICK_MS);
    return () => clearInterval(timer);
  }, [isTicking, read]);
  return now;
}
