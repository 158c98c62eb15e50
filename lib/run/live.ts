// What a running turn shows while it runs: a sentence for what it is waiting on, and the live time, token and rate figures.
import type { Turn } from '@/lib/transcript/run-types';

type LiveTurn = Pick<Turn, 'status' | 'timings' | 'tokenEvents' | 'retryAt' | 'transcript' | 'resumeCount'>;

export interface LiveFigures {
  elapsedMs: number;
  tokens: number;
  /** Tokens per second since the first token; null before two moments to compare. */
  tokensPerSecond: number | null;
}

/** "1.4 s": one decimal, so the count visibly moves. */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

export function readLiveFigures(turn: LiveTurn, now: number): LiveFigures {
  const { startedAt, firstTokenMs } = turn.timings;
  const elapsedMs = now - startedAt;
  const generatingMs = firstTokenMs === null ? 0 : elapsedMs - firstTokenMs;
  const tokensPerSecond = generatingMs > 0 && turn.tokenEvents > 0 ? (turn.tokenEvents * 1000) / generatingMs : null;
  return { elapsedMs, tokens: turn.tokenEvents, tokensPerSecond };
}

/** Whole seconds left before a rate-limited turn sends again (rounded up: it never shows 0 while waiting). */
export function secondsUntilRetry(turn: LiveTurn, now: number): number | null {
  return turn.status === 'rate_limited' && turn.retryAt !== null ? Math.max(1, Math.ceil((turn.retryAt - now) / 1000)) : null;
}

/** The sentence for a turn that is waiting on something, or null while tokens flow or once it ended. */
export function describeWait(turn: LiveTurn, now: number): string | null {
  const elapsed = formatSeconds(now - turn.timings.startedAt);
  switch (turn.status) {
    case 'sending':
    case 'waiting_first_token':
      return turn.transcript.status === 'queued' ? `Queued on the gateway (background)… ${elapsed}` : `Waiting for first token… ${elapsed}`;
    case 'polling':
      return `${turn.transcript.status === 'queued' ? 'Queued' : 'Running'} in the background, checking every second… ${elapsed}`;
    case 'resuming':
      return `The stream dropped; resuming after event ${turn.transcript.lastSequenceNumber} (attempt ${turn.resumeCount})…`;
    case 'rate_limited': {
      const seconds = secondsUntilRetry(turn, now);
      return `Rate limited by the gateway (HTTP 429). Sending again by itself in ${seconds} s…`;
    }
    default:
      return null;
  }
}
