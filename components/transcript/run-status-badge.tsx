'use client';
// The run's status in words ("waiting for first token", "rate limited — retrying in 3 s", "connection dropped"); the
// machine's phase name stays in data-status for whoever needs it.
import { Badge, toneOfStatus, type Tone } from '@/components/ui/badge';
import { secondsUntilRetry } from '@/lib/run/live';
import type { RunStatus, Turn } from '@/lib/transcript/run-types';
import { useNow } from './use-now';

const RUN_STATUS_WORDS: Record<RunStatus, string> = {
  idle: 'idle',
  sending: 'sending',
  waiting_first_token: 'waiting for first token',
  streaming: 'streaming',
  polling: 'running in the background',
  resuming: 'resuming the stream',
  rate_limited: 'rate limited',
  completed: 'completed',
  incomplete: 'incomplete',
  failed: 'failed',
  cancelled: 'cancelled',
  stopped: 'stopped',
  dropped: 'connection dropped',
  error: 'error',
};

const RUN_STATUS_TONES: Partial<Record<RunStatus, Tone>> = {
  sending: 'info',
  waiting_first_token: 'info',
  streaming: 'info',
  polling: 'info',
  resuming: 'warning',
  rate_limited: 'warning',
  stopped: 'neutral',
  dropped: 'warning',
  error: 'danger',
};

/** The words for a run status; a rate-limited one says when it sends again (`secondsLeft`). */
export function describeRunStatus(status: RunStatus, secondsLeft: number | null = null): string {
  if (status === 'rate_limited' && secondsLeft !== null) return `rate limited — retrying in ${secondsLeft} s`;
  return RUN_STATUS_WORDS[status] ?? status;
}

export function RunStatusBadge({ status, turn, testId }: { status: RunStatus; turn: Turn | undefined; testId?: string }) {
  // Only the 429 countdown moves: no clock while a turn merely streams.
  const now = useNow(turn?.status === 'rate_limited');
  const secondsLeft = turn ? secondsUntilRetry(turn, now) : null;
  return (
    <Badge tone={RUN_STATUS_TONES[status] ?? toneOfStatus(status)} testId={testId} data={{ 'data-status': status }}>
      {describeRunStatus(status, secondsLeft)}
    </Badge>
  );
}
