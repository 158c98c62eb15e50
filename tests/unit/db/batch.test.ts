// Group commit: writes that arrive together are written together, in order, each caller answered with its own result.
import { describe, expect, it } from 'vitest';
import { createKeyedWriteBatcher, createWriteBatcher } from '@/lib/db/batch';
import { pickFurthestStatuses } from '@/lib/db/response-status';

describe('createWriteBatcher', () => {
  it('writes what arrives in one turn as one batch, and what arrives while it runs as the next, in order', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = createWriteBatcher<number, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => `stored ${item}`);
    });
    const first = [1, 2, 3].map((item) => batcher.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((item) => batcher.add(item));
    expect(batches).toEqual([[1, 2, 3]]);
    release();
    expect(await Promise.all([...first, ...second])).toEqual(['stored 1', 'stored 2', 'stored 3', 'stored 4', 'stored 5']);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('a failed write rejects every caller of that batch, and the next batch is written', async () => {
    let calls = 0;
    const batcher = createWriteBatcher<number, number>(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return items;
    });
    const failed = Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.add(3)).toBe(3);
  });

  it('with gatherMs, keeps gathering while items arrive turn after turn, and writes a lone item without waiting that long', async () => {
    const arriveOverTurns = async (gatherMs: number) => {
      const batches: number[][] = [];
      const batcher = createWriteBatcher<number, number>(
        async (items) => {
          batches.push(items);
          return items;
        },
        { gatherMs },
      );
      const added = [batcher.add(1)];
      for (let item = 2; item <= 6; item += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        added.push(batcher.add(item));
      }
      expect(await Promise.all(added)).toEqual([1, 2, 3, 4, 5, 6]);
      return batches;
    };
    // Without gathering, what arrived in the first turn goes alone (as when a PGlite write blocks the event loop).
    expect((await arriveOverTurns(0))[0]).toEqual([1]);
    expect(await arriveOverTurns(60_000)).toEqual([[1, 2, 3, 4, 5, 6]]);
    const lone = createWriteBatcher<number, number>(async (items) => items, { gatherMs: 60_000 });
    expect(await lone.add(7)).toBe(7);
  });

  it('keeps one queue per key', async () => {
    const seen: string[] = [];
    const forKey = createKeyedWriteBatcher<number, void>(async (key, items) => {
      seen.push(`${key}:${items.join(',')}`);
      return [];
    });
    await Promise.all([forKey('a').add(1), forKey('b').add(2), forKey('a').add(3)]);
    expect(seen.sort()).toEqual(['a:1,3', 'b:2']);
  });
});

describe('pickFurthestStatuses', () => {
  it('leaves what applying the statuses one by one would: the furthest along, the first of those', () => {
    const picked = pickFurthestStatuses([
      { id: 'r1', status: 'queued' },
      { id: 'r1', status: 'in_progress' },
      { id: 'r2', status: 'completed' },
      { id: 'r2', status: 'failed' },
      { id: 'r3', status: 'in_progress' },
      { id: 'r3', status: 'queued' },
    ]);
    expect(Object.fromEntries(picked)).toEqual({ r1: 'in_progress', r2: 'completed', r3: 'in_progress' });
  });
});
