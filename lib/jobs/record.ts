// Recording background jobs as the proxy sees them (contract used by lib/gateway; implemented by the jobs feature).
import 'server-only';
import { getDb } from '@/lib/db';
import { applyJobStatus, createJob, type JobStatusSource } from './store';

export type { JobStatusSource } from './store';

export interface NewBackgroundJob {
  /** Who sent it through the proxy (null without personal sign-in). */
  ownerId: string | null;
  responseId: string;
  model: string | null;
  status: string;
  onBehalfOf: string | null;
}

export async function recordBackgroundJob(job: NewBackgroundJob): Promise<void> {
  await createJob(await getDb(), { ...job, origin: 'playground' }, 'create');
}

export async function recordJobStatus(responseId: string, status: string, source: JobStatusSource): Promise<void> {
  await applyJobStatus(await getDb(), responseId, status, source);
}
