// The job refresher: resumes open jobs when it starts (a restart, or this instance taking the lead), then runs refresh passes when a poll is due or a job changes, until stopped.
import 'server-only';
import { getDb } from '@/lib/db';
import { isHearingOtherInstances, subscribeHearingChanges, subscribeLiveEvents } from '@/lib/instances/events';
import { subscribeJobChanges } from './changes';
import type { ResponseGateway } from './ports';
import { refreshDueJobs } from './refresh';
import { startRefreshLoop, type RefreshLoop, type RefreshLoopState } from './refresh-loop';
import { nextPollDueAt, resumeOpenJobs } from './store';

const holder = globalThis as typeof globalThis & { __playgroundJobRefresher?: { stop: () => void; loop?: RefreshLoop } };

/**
 * Starts once per process (globalThis guard, as route bundles and instrumentation may each load this module); `gateway`
 * comes from lib/startup.ts. With several instances it runs on the leader only: jobs a dead leader had claimed are
 * polled at once (resumeOpenJobs), not after their lease.
 *
 * Between passes it sleeps until the earliest due poll, and with no open job to poll it sleeps until woken: by a job
 * created or moved in this process, or on any instance (live events). While those events may be missed (the live
 * connection is down) it ticks as it always did.
 */
export function startJobRefresher(gateway: ResponseGateway): void {
  if (holder.__playgroundJobRefresher) return;
  let loop: RefreshLoop | undefined;
  let isStopped = false;
  const wake = () => loop?.wake();
  const unsubscribe = [
    subscribeJobChanges(wake),
    subscribeLiveEvents((event) => {
      if (event.type === 'job.status') wake();
    }),
    subscribeHearingChanges(wake),
  ];
  const handle: { stop: () => void; loop?: RefreshLoop } = {
    stop: () => {
      isStopped = true;
      loop?.stop();
      unsubscribe.forEach((stop) => stop());
    },
  };
  holder.__playgroundJobRefresher = handle;
  void (async () => {
    try {
      await resumeOpenJobs(await getDb());
    } catch (error) {
      console.error(`job refresher: could not resume open jobs: ${(error as Error).message}`);
    }
    if (isStopped) return;
    loop = startRefreshLoop({
      runPass: async () => {
        const db = await getDb();
        await refreshDueJobs(db, gateway);
        return nextPollDueAt(db);
      },
      isHearingChanges: isHearingOtherInstances,
      onError: (error) => console.error(`job refresher: pass failed: ${(error as Error).message}`),
    });
    handle.loop = loop;
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

/** What the refresher is doing now (`idle`: no timer, no query until a job changes); null when it is not running here or still starting. */
export function readJobRefresherState(): { state: RefreshLoopState; passes: number } | null {
  const loop = holder.__playgroundJobRefresher?.loop;
  return loop ? { state: loop.state(), passes: loop.passes() } : null;
}
