// Shapes of a playground run: turns of a thread, their event log, timings, metrics and errors. lib/run moves a turn
// between these states (see lib/run/README.md).
import { TERMINAL_STATUSES } from '@/lib/schema/constants';
import type { ReportedUsage } from '@/lib/schema/response';
import type { JsonObject, TranscriptState } from './types';

/** Phases of one turn: what is in flight, then how it ended. */
export const ACTIVE_RUN_STATUSES = ['sending', 'waiting_first_token', 'streaming', 'polling', 'resuming', 'rate_limited'] as const;
export const SETTLED_RUN_STATUSES = [...TERMINAL_STATUSES, 'stopped', 'dropped', 'error'] as const;

export type ActiveRunStatus = (typeof ACTIVE_RUN_STATUSES)[number];
export type SettledRunStatus = (typeof SETTLED_RUN_STATUSES)[number];
export type RunStatus = 'idle' | ActiveRunStatus | SettledRunStatus;

export interface LoggedEvent {
  /** Position in the log (0-based), stable across renders. */
  index: number;
  sequenceNumber: number | null;
  type: string;
  /** Milliseconds since the request was sent. */
  atMs: number;
  /** The raw `data:` text as received. */
  data: string;
  parseError?: string;
}

export interface RunError {
  message: string;
  type: string | null;
  code: string | null;
  param: string | null;
  httpStatus: number | null;
  retryAfterSeconds: number | null;
  /** The gateway's whole reply when the message is a readable line taken from it (a traceback, say). */
  details?: string | null;
}

export interface RunTimings {
  /** performance.now() when the request left; other marks are ms after it. */
  startedAt: number;
  headersMs: number | null;
  firstTokenMs: number | null;
  endMs: number | null;
}

export interface RunMetrics {
  ttfbMs: number | null;
  ttftMs: number | null;
  totalMs: number | null;
  tokensPerSecond: number | null;
  usage: ReportedUsage | null;
  model: string | null;
  responseId: string | null;
}

export interface TurnRequest {
  body: JsonObject;
  headers: Record<string, string>;
  /** How the turn was obtained: a create call, a retrieve (load) or a re-stream (resume). */
  kind: 'create' | 'retrieve' | 'resume';
}

export interface Turn {
  key: string;
  request: TurnRequest;
  transcript: TranscriptState;
  /** Append-only log; `eventCount` changes when it grows, so renders can key on it. */
  events: LoggedEvent[];
  eventCount: number;
  timings: RunTimings;
  metrics: RunMetrics;
  status: RunStatus;
  error: RunError | null;
  /** How many times a dropped stream was resumed. */
  resumeCount: number;
  /** Token-carrying events received (deltas): the live token count before usage arrives. */
  tokenEvents: number;
  /** performance.now() at which a rate-limited turn sends again by itself; null otherwise. */
  retryAt: number | null;
  /** The one automatic retry after a 429 has been used. */
  hasAutoRetried: boolean;
  /** Times the request was sent: 1, plus one per retry. */
  attempt: number;
}
