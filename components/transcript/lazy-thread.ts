// A run thread whose code (the run machine, the transcript reducer, the SSE parser, the response schema) loads with its
// first use, a send or an opened thread, not with the page: until then it is the empty thread it would be.
import type { RunThread, SendInput, ThreadSnapshot } from '@/lib/run/thread';

export type ThreadLike = Pick<RunThread, 'getSnapshot' | 'subscribe' | 'send' | 'reply' | 'stop' | 'cancel' | 'load' | 'resume' | 'retry' | 'reset'>;

const EMPTY: ThreadSnapshot = { turns: [], status: 'idle', isRunning: false, announcement: '' };

let loading: Promise<typeof import('./proxy-thread')> | null = null;

/** Starts loading the thread's code (on a first focus or press in the playground), so a first send does not wait for it. */
export function preloadProxyThread(): Promise<typeof import('./proxy-thread')> {
  loading ??= import('./proxy-thread').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Each call waits for the code, then runs on the one real thread, in the order made. `reset` and `stop` also drop the
 * calls still waiting: the user left or stopped what they asked for.
 */
export function createLazyProxyThread(): ThreadLike {
  let thread: RunThread | null = null;
  let epoch = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const whenLoaded = <T>(run: (loaded: RunThread) => Promise<T>, skipped: T): Promise<T> => {
    if (thread) return run(thread);
    const at = epoch;
    return preloadProxyThread().then((module) => {
      if (!thread) {
        thread = module.createProxyThread();
        thread.subscribe(notify);
      }
      return at === epoch ? run(thread) : skipped;
    });
  };
  return {
    getSnapshot: () => thread?.getSnapshot() ?? EMPTY,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (input: SendInput) => whenLoaded((loaded) => loaded.send(input), undefined),
    reply: (input) => whenLoaded((loaded) => loaded.reply(input), undefined),
    load: (responseId, headers, input) => whenLoaded((loaded) => loaded.load(responseId, headers, input), undefined),
    resume: (responseId, headers) => whenLoaded((loaded) => loaded.resume(responseId, headers), undefined),
    retry: (key) => whenLoaded((loaded) => loaded.retry(key), undefined),
    cancel: () => (thread ? thread.cancel() : Promise.resolve()),
    stop() {
      epoch += 1;
      thread?.stop();
    },
    reset() {
      epoch += 1;
      thread?.reset();
    },
  };
}
