'use client';
// The clock a live figure reads: performance.now(), re-read every TICK_MS while `isTicking`, frozen otherwise.
import { useEffect, useState } from 'react';

const TICK_MS = 100;

export function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}
