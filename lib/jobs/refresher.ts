// The job refresher: resumes open jobs when it starts (a restart, or this instance taking the lead), then runs refresh passes until stopped.
import 'server-only';
import { getDb } from '@/lib/db';
import type { ResponseGateway } from './ports';
import { refreshDueJobs } from './refresh';
import { resumeOpenJobs } from './store';

const TICK_MS = 500;

const holder = globalThis as typeof globalThis & { __playgroundJobRefresher?: { stop: () => void } };

/**
 * Starts once per process (globalThis guard, as route bundles and instrumentation may each load this module); `gateway`
 * comes from lib/startup.ts. With several instances it runs on the leader only: jobs a dead leader had claimed are
 * polled at once (resumeOpenJobs), not after their lease.
 */
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

/** Stops the passes (this instance lost the lead); a later start resumes open jobs again. */
export function stopJobRefresher(): void {
  holder.__playgroundJobRefresher?.stop();
  holder.__playgroundJobRefresher = undefined;
}

export function isJobRefresherRunning(): boolean {
  return holder.__playgroundJobRefresher !== undefined;
}
