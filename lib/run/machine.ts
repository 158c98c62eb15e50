// The state machine of one turn: the inputs that move it between named phases, and a pure transition function.
import { isTerminalStatus, TERMINAL_STATUSES } from '@/lib/schema/constants';
import type { SseRecord } from '@/lib/sse/parse-events';
import { isTokenEvent } from '@/lib/transcript/metrics';
import { DONE_TYPE, readNumbering } from '@/lib/transcript/sequencing';
import { createTranscriptState, reduceEventBatch, reduceEvents } from '@/lib/transcript/reducer';
import { ACTIVE_RUN_STATUSES, type RunError, type RunStatus, type Turn, type TurnRequest } from '@/lib/transcript/run-types';
import { type ResponseSnapshot, type StreamEvent, type TranscriptState } from '@/lib/transcript/types';
import { describeDrop, localError, TRANSPORT_DROP_CODES } from './words';

/** A turn as the machine holds it; the hook's `Turn` adds its key and the derived metrics. */
export type RunState = Omit<Turn, 'key' | 'metrics' | 'eventCount'>;

/** What can happen to a turn. `at` is the driver's clock (performance.now() in the browser). */
export type RunInput =
  | { type: 'send'; at: number }
  | { type: 'retry'; at: number; isAutomatic?: boolean }
  | { type: 'resume'; at: number }
  | { type: 'opened'; at: number; isStream: boolean }
  | { type: 'http_error'; at: number; error: RunError }
  | { type: 'record'; at: number; record: SseRecord }
  /** The records of one read, applied in order as one change (one notification for a burst of deltas). */
  | { type: 'records'; at: number; records: readonly SseRecord[] }
  | { type: 'snapshot'; at: number; response: ResponseSnapshot }
  | { type: 'stream_closed'; at: number }
  | { type: 'connection_lost'; at: number }
  | { type: 'stop'; at: number }
  | { type: 'cancelled'; at: number };

/** Wait after a 429 without a usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;

const RETRYABLE: readonly RunStatus[] = ['failed', 'error', 'dropped', 'rate_limited'];
const RESUMABLE: readonly RunStatus[] = ['dropped', 'stopped', 'error'];
const UNCANCELLABLE: readonly RunStatus[] = ['idle', ...TERMINAL_STATUSES];

export function createRunState(request: TurnRequest): RunState {
  return {
    request,
    status: 'idle',
    transcript: createTranscriptState(),
    events: [],
    timings: { startedAt: 0, headersMs: null, firstTokenMs: null, endMs: null },
    error: null,
    resumeCount: 0,
    tokenEvents: 0,
    retryAt: null,
    hasAutoRetried: false,
    attempt: 0,
  };
}

export function isActive(state: Pick<RunState, 'status'>): boolean {
  return (ACTIVE_RUN_STATUSES as readonly RunStatus[]).includes(state.status);
}

/** Still queued or in progress on the gateway (or not yet known). */
export function isPending(transcript: TranscriptState): boolean {
  return transcript.status === null || transcript.status === 'queued' || transcript.status === 'in_progress';
}

/**
 * A background response that has not finished can be re-streamed from the last sequence number seen; not when its
 * events came unnumbered (a re-stream could neither start after them nor be told apart from them).
 */
export function canResume(state: Pick<RunState, 'status' | 'transcript' | 'events'>): boolean {
  const response = state.transcript.response;
  const isResumable = RESUMABLE.includes(state.status) && response?.background === true && typeof response.id === 'string' && isPending(state.transcript);
  return isResumable && readNumbering(state.events).kind !== 'unnumbered';
}

export function canRetry(state: Pick<RunState, 'status'>): boolean {
  return RETRYABLE.includes(state.status);
}

/** The next state; an input that does not apply in the current phase returns `state` unchanged. */
export function transition(state: RunState, input: RunInput): RunState {
  switch (input.type) {
    case 'send':
      return state.status === 'idle' ? begin(state, input.at, false) : state;
    case 'retry':
      return canRetry(state) ? begin(state, input.at, input.isAutomatic === true) : state;
    case 'resume':
      return canResume(state) ? { ...state, status: 'resuming', error: null, resumeCount: state.resumeCount + 1, timings: { ...state.timings, endMs: null } } : state;
    case 'opened':
      return open(state, input);
    case 'http_error':
      return failHttp(state, input.error, input.at);
    case 'record':
      return isReading(state) ? applyRecord(state, input.record, input.at) : state;
    case 'records':
      return applyRecords(state, input.records, input.at);
    case 'snapshot':
      return state.status === 'polling' || state.status === 'sending' ? adopt(state, input.response, input.at) : state;
    case 'stream_closed':
      return isReading(state) ? settleFromTranscript(state, input.at) : state;
    case 'connection_lost':
      return loseConnection(state, input.at);
    case 'stop':
      return isActive(state) ? end(state, 'stopped', input.at) : state;
    case 'cancelled':
      return UNCANCELLABLE.includes(state.status) ? state : end(state, 'cancelled', input.at);
  }
}

/** A first send or a retry: the same request from scratch. A manual retry earns a new automatic retry after a 429. */
function begin(state: RunState, at: number, isAutomatic: boolean): RunState {
  const fresh = createRunState(state.request);
  return {
    ...fresh,
    status: 'sending',
    timings: { ...fresh.timings, startedAt: at },
    hasAutoRetried: isAutomatic,
    attempt: state.attempt + 1,
  };
}

function open(state: RunState, input: Extract<RunInput, { type: 'opened' }>): RunState {
  if (state.status !== 'sending' && state.status !== 'resuming') return state;
  const timings = { ...state.timings, headersMs: state.timings.headersMs ?? input.at - state.timings.startedAt };
  if (!input.isStream) return { ...state, status: 'polling', timings };
  return { ...state, status: state.tokenEvents > 0 ? 'streaming' : 'waiting_first_token', timings };
}

function failHttp(state: RunState, error: RunError, at: number): RunState {
  if (state.status === 'resuming') return end({ ...state, error }, 'dropped', at);
  if (state.status !== 'sending' && state.status !== 'polling') return state;
  if (error.httpStatus === 429 && !state.hasAutoRetried) {
    const waitMs = error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : DEFAULT_RETRY_AFTER_MS;
    return { ...state, status: 'rate_limited', error, retryAt: at + waitMs };
  }
  return end({ ...state, error }, 'error', at);
}

function isReading(state: RunState): boolean {
  return state.status === 'waiting_first_token' || state.status === 'streaming';
}

/**
 * The event log is append-only (a turn's `eventCount` says how much of it a snapshot shows), so a record is appended in
 * place: copying the log for each of 20,000 events made a long stream quadratic.
 */
function appendToLog(state: RunState, entry: RunState['events'][number]): RunState['events'] {
  state.events.push(entry);
  return state.events;
}

function applyRecord(state: RunState, record: SseRecord, at: number): RunState {
  const atMs = at - state.timings.startedAt;
  const index = state.events.length;
  if (record.kind !== 'event') {
    const type = record.kind === 'done' ? DONE_TYPE : (record.sseEvent ?? '(unparsed)');
    const parseError = record.kind === 'parse-error' ? { parseError: record.message } : {};
    return { ...state, events: appendToLog(state, { index, sequenceNumber: null, type, atMs, data: record.data, ...parseError }) };
  }
  const { event } = record;
  const sequence = typeof event.sequence_number === 'number' ? event.sequence_number : null;
  // Re-sent events (a resume overlaps what arrived) are neither logged nor applied twice.
  if (sequence !== null && sequence <= state.transcript.lastSequenceNumber) return state;
  const logged = { ...state, events: appendToLog(state, { index, sequenceNumber: sequence, type: event.type, atMs, data: record.data }) };
  const dropCode = transportDropCode(event);
  if (dropCode !== null && isPending(state.transcript)) return end({ ...logged, error: localError(describeDrop(dropCode), dropCode) }, 'dropped', at);
  const isToken = isTokenEvent(event.type);
  return {
    ...logged,
    status: isToken ? 'streaming' : state.status,
    transcript: reduceEvents(state.transcript, event),
    tokenEvents: state.tokenEvents + (isToken ? 1 : 0),
    timings: isToken && state.timings.firstTokenMs === null ? { ...state.timings, firstTokenMs: atMs } : state.timings,
  };
}

/**
 * Each record as `record` would apply it; once one ends the reading (a drop), the rest are not applied. Runs of token
 * deltas (most of a fast stream's records) make one new state each rather than one per delta.
 */
function applyRecords(state: RunState, records: readonly SseRecord[], at: number): RunState {
  let next = state;
  let position = 0;
  while (position < records.length && isReading(next)) {
    const deltas: DeltaRecord[] = [];
    for (let end = position; end < records.length; end += 1) {
      const record = records[end]!;
      if (!isDeltaRecord(record)) break;
      deltas.push(record);
    }
    if (deltas.length >= 2) {
      next = applyDeltaRecords(next, deltas, at);
      position += deltas.length;
    } else {
      next = applyRecord(next, records[position]!, at);
      position += 1;
    }
  }
  return next;
}

type DeltaRecord = Extract<SseRecord, { kind: 'event' }>;

/** A token delta: never a drop (only an `error` event is), always logged and applied unless re-sent. */
function isDeltaRecord(record: SseRecord): record is DeltaRecord {
  return record.kind === 'event' && isTokenEvent(record.event.type);
}

/** Delta records as `applyRecord` would apply them one by one, the transcript reduced in one batch. */
function applyDeltaRecords(state: RunState, records: readonly DeltaRecord[], at: number): RunState {
  const atMs = at - state.timings.startedAt;
  let lastSequenceNumber = state.transcript.lastSequenceNumber;
  const applied: StreamEvent[] = [];
  for (const { event, data } of records) {
    const sequence = typeof event.sequence_number === 'number' ? event.sequence_number : null;
    // Re-sent events (a resume overlaps what arrived) are neither logged nor applied twice.
    if (sequence !== null && sequence <= lastSequenceNumber) continue;
    if (sequence !== null) lastSequenceNumber = sequence;
    appendToLog(state, { index: state.events.length, sequenceNumber: sequence, type: event.type, atMs, data });
    applied.push(event);
  }
  if (applied.length === 0) return state;
  return {
    ...state,
    status: 'streaming',
    transcript: reduceEventBatch(state.transcript, applied),
    tokenEvents: state.tokenEvents + applied.length,
    timings: state.timings.firstTokenMs === null ? { ...state.timings, firstTokenMs: atMs } : state.timings,
  };
}

/** The proxy reports a broken gateway connection in-band with an unnumbered `error` event carrying one of its codes. */
function transportDropCode(event: StreamEvent): string | null {
  if (event.type !== 'error' || typeof event.sequence_number === 'number') return null;
  const source = typeof event.error === 'object' && event.error !== null ? (event.error as Record<string, unknown>) : event;
  const code = String(source.code);
  return TRANSPORT_DROP_CODES.includes(code) ? code : null;
}

/** A response object (a JSON reply, or a poll of a background response) replaces the snapshot; its output, when it has one. */
function adopt(state: RunState, response: ResponseSnapshot, at: number): RunState {
  const previous = state.transcript;
  const reduced = reduceEvents({ ...previous, lastSequenceNumber: -1 }, { type: 'response.completed', response });
  const output = Array.isArray(response.output) ? response.output : [];
  const transcript = { ...reduced, items: output.length > 0 ? reduced.items : previous.items, lastSequenceNumber: previous.lastSequenceNumber };
  const next = { ...state, transcript, timings: { ...state.timings, headersMs: state.timings.headersMs ?? at - state.timings.startedAt } };
  return isPending(transcript) && !transcript.error ? { ...next, status: 'polling' } : settleFromTranscript(next, at);
}

/** The stream ended: the response's own status says how, and a response still in progress was dropped. */
function settleFromTranscript(state: RunState, at: number): RunState {
  const { transcript } = state;
  const status = transcript.status;
  if (isTerminalStatus(status)) return end(state, status, at);
  if (transcript.error) return end(state, 'failed', at);
  return end({ ...state, error: localError(describeDrop('stream_incomplete'), 'stream_incomplete') }, 'dropped', at);
}

function loseConnection(state: RunState, at: number): RunState {
  if (state.status === 'sending') return end({ ...state, error: localError(describeDrop('request_failed'), 'request_failed') }, 'error', at);
  if (isReading(state) || state.status === 'polling' || state.status === 'resuming') {
    return end({ ...state, error: localError(describeDrop('connection_lost'), 'connection_lost') }, 'dropped', at);
  }
  return state;
}

function end(state: RunState, status: RunStatus, at: number): RunState {
  return { ...state, status, retryAt: null, timings: { ...state.timings, endMs: at - state.timings.startedAt } };
}
