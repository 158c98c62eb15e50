// The process-wide job refresher: resumes open jobs after a restart, then runs refresh passes until the process ends.
import 'server-only';
import { getDb } from '@/lib/db';
import type { ResponseGateway } from './ports';
import { refreshDueJobs } from './refresh';
import { resumeOpenJobs } from './store';

const TICK_MS = 500;

const holder = globalThis as typeof globalThis & { __playgroundJobRefresher?: { stop: () => void } };

/** Starts once per process (globalThis guard, as route bundles and instrumentation may each load this module); `gateway` comes from lib/startup.ts. */
export function startJobRefresher(gateway: ResponseGateway): void {
  if (holder.__playgroundJobRefresher) return;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const tick = async () => {
    try {
      await refreshDueJobs(await getDb(), gateway);
    } catch (error) {
      console.error(`job refresher: pass failed: ${(error as Error).message}`);
    }
    if (!isStopped) timer = setTimeout(tick, TICK_MS).unref();
  };
  holder.__playgroundJobRefresher = {
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
    },
  };
  void (async () => {
    try {
      await resumeOpenJobs(await getDb());
    } catch (error) {
      console.error(`job refresher: could not resume open jobs: ${(error as Error).message}`);
    }
    await tick();
  })();
}
