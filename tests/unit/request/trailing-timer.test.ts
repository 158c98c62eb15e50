// The debounce behind saving and checking the draft: once after the changes pause, without a timer per change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTrailingTimer } from '@/components/request/trailing-timer';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a trailing timer', () => {
  it('runs once, its delay after the last of 50 changes a keystroke apart, having armed a timer or two rather than one per change', () => {
    vi.useFakeTimers();
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const run = vi.fn();
    const timer = createTrailingTimer(120, run);
    for (let key = 0; key < 50; key += 1) {
      timer.poke();
      vi.advanceTimersByTime(10);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
    expect(armed.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('starts over after it ran, and a cancelled one does not run', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const timer = createTrailingTimer(50, run);
    timer.poke();
    vi.advanceTimersByTime(50);
    timer.poke();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(2);
    timer.poke();
    timer.cancel();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
