// The playground's thread stand-in: empty until its first use loads the run machine, then every call on the one real thread, in order.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
let created = 0;

vi.mock('@/components/transcript/proxy-thread', () => ({
  createProxyThread() {
    created += 1;
    const listeners = new Set<() => void>();
    let snapshot = { turns: [], status: 'idle', isRunning: false, announcement: '' };
    const record = (name: string) => async (...args: unknown[]) => {
      calls.push(`${name}:${JSON.stringify(args[0] ?? null)}`);
      snapshot = { ...snapshot, status: 'streaming', isRunning: true };
      for (const listener of listeners) listener();
    };
    return {
      getSnapshot: () => snapshot,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      send: record('send'),
      reply: record('reply'),
      load: record('load'),
      resume: record('resume'),
      retry: record('retry'),
      cancel: record('cancel'),
      stop: () => calls.push('stop'),
      reset: () => calls.push('reset'),
    };
  },
}));

beforeEach(() => {
  calls.length = 0;
  created = 0;
  vi.resetModules();
});

describe('the lazily loaded proxy thread', () => {
  it('is the empty thread until used; calls made before the code arrives run in order on one thread, and it notifies its subscribers', async () => {
    const { createLazyProxyThread } = await import('@/components/transcript/lazy-thread');
    const thread = createLazyProxyThread();
    expect(thread.getSnapshot()).toEqual({ turns: [], status: 'idle', isRunning: false, announcement: '' });
    thread.reset();
    expect(created).toBe(0);
    const changed = vi.fn();
    thread.subscribe(changed);
    await Promise.all([thread.load('resp_1'), thread.load('resp_2'), thread.send({ body: { input: 'hi' } })]);
    expect(created).toBe(1);
    expect(calls).toEqual(['load:"resp_1"', 'load:"resp_2"', 'send:{"body":{"input":"hi"}}']);
    expect(thread.getSnapshot().isRunning).toBe(true);
    expect(changed).toHaveBeenCalled();
  });

  it('a reset while the code loads drops the calls still waiting (the thread was closed)', async () => {
    const { createLazyProxyThread } = await import('@/components/transcript/lazy-thread');
    const thread = createLazyProxyThread();
    const waiting = thread.send({ body: { input: 'old' } });
    thread.reset();
    await waiting;
    await thread.send({ body: { input: 'new' } });
    expect(calls).toEqual(['send:{"body":{"input":"new"}}']);
  });
});
