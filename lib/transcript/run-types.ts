// Shapes of a playground run: turns of a thread, their event log, timings, metrics and errors.
import type { JsonObject, TranscriptState } from './types';

export type RunStatus = 'idle' | 'sending' | 'streaming' | 'completed' | 'incomplete' | 'failed' | 'cancelled' | 'stopped' | 'error';

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
}

export interface RunTimings {
  /** performance.now() when the request left; other marks are ms after it. */
  startedAt: number;
  headersMs: number | null;
  firstTokenMs: number | null;
  endMs: number | null;
}

export interface Usage {
  input_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens?: number;
  output_tokens_details?: { reasoning_tokens?: number };
  total_tokens?: number;
}

export interface RunMetrics {
  ttfbMs: number | null;
  ttftMs: number | null;
  totalMs: number | null;
  tokensPerSecond: number | null;
  usage: Usage | null;
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
}
