// Group commit: writes that arrive together are written together, in order, each caller answered with its own result.
import { describe, expect, it, vi } from 'vitest';
import { createKeyedWriteBatcher, createWriteBatcher, HOLD_MAX_MS, isDatabaseUnavailable, whenAllWritten, writeTogetherOrEach } from '@/lib/db/batch';
import { isAnyAwaitingFirstByte, markAwaitingFirstByte } from '@/lib/db/write-hold';
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

  it('a failed batch is written again item by item: one bad item rejects only its own caller, the others are stored', async () => {
    const stored: number[] = [];
    const attempts: number[][] = [];
    // Like one INSERT of many rows: all or nothing, refused whole when any row is bad.
    const batcher = createWriteBatcher<number, string>(async (items) => {
      attempts.push(items);
      if (items.includes(13)) throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
      stored.push(...items);
      return items.map((item) => `stored ${item}`);
    });
    const settled = await Promise.allSettled([11, 12, 13, 14].map((item) => batcher.add(item)));
    expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      'stored 11',
      'stored 12',
      'duplicate key value violates unique constraint',
      'stored 14',
    ]);
    expect(stored).toEqual([11, 12, 14]);
    expect(attempts).toEqual([[11, 12, 13, 14], [11], [12], [13], [14]]);
    expect(await batcher.add(15)).toBe('stored 15');
  });

  it('a batch failing because the database is unavailable rejects every caller at once, without writing each again', async () => {
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('query failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      let calls = 0;
      const batcher = createWriteBatcher<number, number>(async () => {
        calls += 1;
        throw error;
      });
      const settled = await Promise.allSettled([batcher.add(1), batcher.add(2), batcher.add(3)]);
      expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(calls).toBe(1);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid input syntax for type json'), { code: '22P02' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Do not know how to serialize a BigInt'))).toBe(false);
  });

  it('writeTogetherOrEach gives each item its own outcome, in order, and writes a lone failing item once', async () => {
    const writes: string[][] = [];
    const write = async (items: string[]) => {
      writes.push(items);
      if (items.some((item) => item.startsWith('bad'))) throw new Error(`refused ${items.join('+')}`);
      return items.map((item) => item.toUpperCase());
    };
    expect(await writeTogetherOrEach(['a', 'bad1', 'b', 'bad2'], write)).toEqual([
      { ok: true, value: 'A' },
      { ok: false, error: new Error('refused bad1') },
      { ok: true, value: 'B' },
      { ok: false, error: new Error('refused bad2') },
    ]);
    writes.length = 0;
    expect(await writeTogetherOrEach(['bad3'], write)).toEqual([{ ok: false, error: new Error('refused bad3') }]);
    expect(writes).toEqual([['bad3']]);
  });

  it('with gatherMs, keeps gathering while items arrive turn after turn, and writes a lone item without waiting that long', async () => {
    const arriveOverTurns = async (gatherMs: number | (() => number)) => {
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
    // A function is asked when each gathering starts (the database's kind is known only once settings are read).
    expect(await arriveOverTurns(() => 60_000)).toEqual([[1, 2, 3, 4, 5, 6]]);
    expect((await arriveOverTurns(() => 0))[0]).toEqual([1]);
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

  it('whenWritten(key) waits for the last item added with that key, written or failed, and not for unkeyed or other items', async () => {
    const written: string[] = [];
    const releases: Array<() => void> = [];
    const batcher = createWriteBatcher<string, void>(async (items) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      if (items.includes('bad')) throw new Error('refused');
      written.push(...items);
      return items.map(() => undefined);
    });
    const log: string[] = [];
    expect(await batcher.whenWritten('resp_none')).toBeUndefined();
    const first = batcher.add('row 1', 'resp_1');
    void batcher.add('unkeyed');
    void batcher.whenWritten('resp_1').then(() => log.push(`resp_1 waited; written ${written.join('+')}`));
    await new Promise((resolve) => setImmediate(resolve));
    // While the first batch is being written, resp_1 is added again: the wait is now for this later row.
    const second = batcher.add('row 1 again', 'resp_1');
    const bad = batcher.add('bad', 'resp_bad');
    void batcher.whenWritten('resp_1').then(() => log.push(`resp_1 again waited; written ${written.join('+')}`));
    void batcher.whenWritten('resp_bad').then(() => log.push('resp_bad waited'));
    expect(log).toEqual([]);
    releases.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['resp_1 waited; written row 1+unkeyed']);
    // The second batch fails whole and is written again item by item.
    while (written.length < 3 || releases.length > 0) {
      if (releases.length > 0) releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await second;
    await expect(bad).rejects.toThrow('refused');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['resp_1 waited; written row 1+unkeyed', 'resp_1 again waited; written row 1+unkeyed+row 1 again', 'resp_bad waited']);
    // Nothing queued any more: a later wait settles at once.
    expect(await batcher.whenWritten('resp_1')).toBeUndefined();
  });

  it('a keyed batcher waits on its own queue by item key', async () => {
    let release: () => void = () => undefined;
    const forKey = createKeyedWriteBatcher<string, void>(async (_key, items) => {
      await new Promise<void>((resolve) => (release = resolve));
      return items.map(() => undefined);
    });
    let waited = false;
    const added = forKey('capture_a').add('delivery', 'msg_1');
    void forKey('capture_a').whenWritten('msg_1').then(() => (waited = true));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(waited).toBe(false);
    release();
    await added;
    await new Promise((resolve) => setImmediate(resolve));
    expect(waited).toBe(true);
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

describe('createWriteBatcher holdWhile', () => {
  /** A batcher held for as long as it allows (HOLD_MAX_MS), recording what it writes. */
  function alwaysHeld() {
    const written: number[] = [];
    const batcher = createWriteBatcher<number, void>(
      async (items) => {
        written.push(...items);
        return items.map(() => undefined);
      },
      { holdWhile: () => true },
    );
    return { batcher, written };
  }

  it('holds an idle batcher while it says true, gathering what arrives, then writes it all in one batch', async () => {
    const batches: number[][] = [];
    let isHeld = true;
    const batcher = createWriteBatcher<number, void>(
      async (items) => {
        batches.push(items);
        return items.map(() => undefined);
      },
      { holdWhile: () => isHeld },
    );
    const added = [batcher.add(1)];
    for (let turn = 0; turn < 20; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (turn === 10) added.push(batcher.add(2));
    }
    expect(batches).toEqual([]);
    isHeld = false;
    await Promise.all(added);
    expect(batches).toEqual([[1, 2]]);
  });

  it('flush ends the hold: what is held is written at once', async () => {
    const { batcher, written } = alwaysHeld();
    vi.useFakeTimers();
    try {
      void batcher.add(8);
      await vi.advanceTimersByTimeAsync(5);
      expect(written).toEqual([]);
      void batcher.flush();
      // The hold is checked every millisecond; it would last until HOLD_MAX_MS.
      await vi.advanceTimersByTimeAsync(2);
      expect(written).toEqual([8]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`writes after HOLD_MAX_MS (${HOLD_MAX_MS} ms) even if still held: a row is late, never lost`, async () => {
    const { batcher, written } = alwaysHeld();
    const added = batcher.add(7);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(written).toEqual([]);
    await added;
    expect(written).toEqual([7]);
  });
});

describe('markAwaitingFirstByte', () => {
  it('counts runs waiting for their first byte; each release counts once', () => {
    expect(isAnyAwaitingFirstByte()).toBe(false);
    const first = markAwaitingFirstByte();
    const second = markAwaitingFirstByte();
    first();
    first();
    expect(isAnyAwaitingFirstByte()).toBe(true);
    second();
    expect(isAnyAwaitingFirstByte()).toBe(false);
  });
});

describe('whenAllWritten', () => {
  it('settles only once every batcher has written or failed its items, including one a written item led to', async () => {
    const stored: string[] = [];
    const releases: Array<() => void> = [];
    const slow = (name: string) =>
      createWriteBatcher<string, void>(async (items) => {
        await new Promise<void>((resolve) => releases.push(resolve));
        if (items.includes('bad')) throw new Error('refused');
        stored.push(...items.map((item) => `${name}:${item}`));
        return items.map(() => undefined);
      });
    const rows = slow('rows');
    const statuses = slow('statuses');
    // As recordSentRequestStatus does: the status is added once its row is written.
    void rows.add('resp_1', 'resp_1').then(() => statuses.add('completed'));
    void statuses.add('bad').catch(() => undefined);
    let isSettled = false;
    const all = whenAllWritten().then(() => (isSettled = true));
    // Each write waits for its release: whenAllWritten has not settled while any is unreleased.
    let writes = 0;
    // Bounded: an item another test left held would keep it from settling, and the test should then fail, not spin on.
    for (let turns = 0; !isSettled && turns < 10_000; turns += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      if (releases.length === 0) continue;
      expect(isSettled).toBe(false);
      writes += releases.length;
      releases.splice(0).forEach((release) => release());
    }
    expect(isSettled).toBe(true);
    await all;
    // The row, the failing status (alone in its batch: not written again) and the status the row led to.
    expect(writes).toBe(3);
    expect(stored.sort()).toEqual(['rows:resp_1', 'statuses:completed']);
    // Nothing queued: at once.
    await expect(whenAllWritten()).resolves.toBeUndefined();
  });
});
