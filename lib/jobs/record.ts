// Recording background jobs as the proxy sees them (contract used by lib/gateway; implemented by the jobs feature).
import 'server-only';

export type JobStatusSource = 'create' | 'poll' | 'stream' | 'webhook';

export interface NewBackgroundJob {
  responseId: string;
  model: string | null;
  status: string;
  onBehalfOf: string | null;
}

export async function recordBackgroundJob(_job: NewBackgroundJob): Promise<void> {
  throw new Error('recordBackgroundJob: not implemented yet');
}

export async function recordJobStatus(_responseId: string, _status: string, _source: JobStatusSource): Promise<void> {
  throw new Error('recordJobStatus: not implemented yet');
}
