// A batcher with a fixed window (windowMs): everything added within the window from a batch's first item is written together.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriteBatcher, whenWrittenSoFar } from '@/lib/db/batch';

describe('createWriteBatcher windowMs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A batcher whose every write waits for its release (`releases`), recording each batch as it starts. */
  function windowed(options: { windowMs: number; maxItems?: number }) {
    const batches: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = createWriteBatcher<number, number>(async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => releases.push(resolve));
      return items;
    }, options);
    return { batcher, batches, releases };
  }

  it('writes everything added within the window from the first item as one batch, though items keep arriving', async () => {
    const { batcher, batches, releases } = windowed({ windowMs: 50 });
    const added = [batcher.add(1)];
    // Every 20 ms, as a grid's cells change: a gathering batcher would have written 1 alone.
    await vi.advanceTimersByTimeAsync(20);
    added.push(batcher.add(2));
    await vi.advanceTimersByTimeAsync(20);
    added.push(batcher.add(3));
    await vi.advanceTimersByTimeAsync(9);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1, 2, 3]]);
    releases.shift()!();
    expect(await Promise.all(added)).toEqual([1, 2, 3]);
    // A lone item waits the whole window too.
    const lone = batcher.add(4);
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toEqual([[1, 2, 3]]);
    await vi.advanceTimersByTimeAsync(1);
    releases.shift()!();
    expect(await lone).toBe(4);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('writes what arrives during a write after it, in order, once its own window is over too', async () => {
    const { batcher, batches, releases } = windowed({ windowMs: 50 });
    const added = [batcher.add(1)];
    await vi.advanceTimersByTimeAsync(50);
    // The first write runs from 50 ms; 2 opens the next window at 60 ms, 3 joins it.
    await vi.advanceTimersByTimeAsync(10);
    added.push(batcher.add(2));
    await vi.advanceTimersByTimeAsync(10);
    added.push(batcher.add(3));
    await vi.advanceTimersByTimeAsync(20);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(19);
    expect(batches).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1], [2, 3]]);
    // 4 arrives during that write, which outlasts 4's window: 4 goes as soon as the write ends.
    added.push(batcher.add(4));
    await vi.advanceTimersByTimeAsync(80);
    expect(batches).toEqual([[1], [2, 3]]);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    releases.shift()!();
    expect(await Promise.all(added)).toEqual([1, 2, 3, 4]);
  });

  it('past maxItems, the rest of a window goes right after its first batch', async () => {
    const { batcher, batches, releases } = windowed({ windowMs: 50, maxItems: 2 });
    const added = [1, 2, 3].map((item) => batcher.add(item));
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1, 2], [3]]);
    releases.shift()!();
    expect(await Promise.all(added)).toEqual([1, 2, 3]);
  });

  it('whenWrittenSoFar waits for items still inside the window', async () => {
    const { batcher, releases } = windowed({ windowMs: 50 });
    void batcher.add(1);
    let isSettled = false;
    void whenWrittenSoFar().then(() => (isSettled = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(isSettled).toBe(false);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled).toBe(true);
  });

  it('flush writes what the window holds at once and settles when it is written; later items wait their window', async () => {
    const { batcher, batches, releases } = windowed({ windowMs: 50 });
    const added = [batcher.add(1), batcher.add(2)];
    await vi.advanceTimersByTimeAsync(10);
    let isFlushed = false;
    const flushed = batcher.flush().then(() => (isFlushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1, 2]]);
    const later = batcher.add(3);
    releases.shift()!();
    await flushed;
    expect(await Promise.all(added)).toEqual([1, 2]);
    expect(isFlushed).toBe(true);
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toEqual([[1, 2]]);
    await vi.advanceTimersByTimeAsync(1);
    releases.shift()!();
    expect(await later).toBe(3);
    expect(batches).toEqual([[1, 2], [3]]);
    await expect(batcher.flush()).resolves.toBeUndefined();
  });

  it('refuses gatherMs or holdWhile beside it: the window is the whole wait', () => {
    const write = async (items: number[]) => items;
    expect(() => createWriteBatcher(write, { windowMs: 50, gatherMs: 5 })).toThrow(/windowMs/);
    expect(() => createWriteBatcher(write, { windowMs: 50, holdWhile: () => false })).toThrow(/windowMs/);
  });
});
