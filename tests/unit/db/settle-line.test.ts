// A stop's drain waits for the work started before it, in any order it settles, and costs one waiter however much is in flight.
import { describe, expect, it } from 'vitest';
import { createSettleLine } from '@/lib/db/settle-line';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function watch(promise: Promise<void>): { readonly isSettled: boolean } {
  const state = { isSettled: false };
  void promise.then(() => (state.isSettled = true));
  return state;
}

describe('createSettleLine', () => {
  it('settles at once when nothing is in flight', async () => {
    const line = createSettleLine();
    expect(line.inFlight).toBe(0);
    const wait = watch(line.whenSettledSoFar());
    await turn();
    expect(wait.isSettled).toBe(true);
  });

  it('waits for everything started before the wait, whatever order it settles in, and not for what started after', async () => {
    const line = createSettleLine();
    const [first, second, later] = [deferred(), deferred(), deferred()];
    line.track(first.promise);
    line.track(second.promise);
    const wait = watch(line.whenSettledSoFar());
    line.track(later.promise);
    expect(line.inFlight).toBe(3);

    second.resolve();
    await turn();
    expect(wait.isSettled).toBe(false);

    first.resolve();
    await turn();
    expect(wait.isSettled).toBe(true);
    expect(line.inFlight).toBe(1);

    const lastWait = watch(line.whenSettledSoFar());
    await turn();
    expect(lastWait.isSettled).toBe(false);
    later.resolve();
    await turn();
    expect(lastWait.isSettled).toBe(true);
    expect(line.inFlight).toBe(0);
  });

  it('counts failed work as settled, and releases several waiters in the order they came', async () => {
    const line = createSettleLine();
    const [failing, other] = [deferred(), deferred()];
    line.track(failing.promise);
    const early = watch(line.whenSettledSoFar());
    line.track(other.promise);
    const late = watch(line.whenSettledSoFar());
    failing.reject(new Error('the row could not be written'));
    // The caller handles its own rejection: the line only needed to know it settled.
    await failing.promise.catch(() => undefined);
    await turn();
    expect([early.isSettled, late.isSettled]).toEqual([true, false]);
    other.resolve();
    await turn();
    expect([early.isSettled, late.isSettled]).toEqual([true, true]);
  });

  it('adds no reaction to work in flight when a wait begins: one waiter per wait, not one per promise', async () => {
    const line = createSettleLine();
    let reactions = 0;
    const inFlight = Array.from({ length: 200 }, () => {
      const work = deferred();
      const counted = {
        then(onSettled: () => void, onFailed: () => void) {
          reactions += 1;
          return work.promise.then(onSettled, onFailed);
        },
        settle: work.resolve,
      };
      line.track(counted as unknown as Promise<void>);
      return counted;
    });
    expect(reactions).toBe(200);
    const waits = Array.from({ length: 50 }, () => watch(line.whenSettledSoFar()));
    expect(reactions).toBe(200);
    inFlight.forEach((work) => work.settle());
    await turn();
    expect(waits.every((wait) => wait.isSettled)).toBe(true);
  });
});
