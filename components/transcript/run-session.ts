// Drives one turn over the wire: fetch, SSE consumption, resume after a drop, polling, stop and errors.
import { parseStreamEvents, type StreamEvent } from '@/lib/sse/parse-events';
import { computeMetrics, isTokenEvent } from '@/lib/transcript/metrics';
import { createTranscriptState, reduceEvents } from '@/lib/transcript/reducer';
import type { RunError, RunStatus, Turn, TurnRequest } from '@/lib/transcript/run-types';
import { TERMINAL_STATUSES, type TranscriptState } from '@/lib/transcript/types';

const RESUME_ATTEMPTS = 5;
const RESUME_BACKOFF_MS = 500;
const POLL_INTERVAL_MS = 1_000;
/** Codes of the unnumbered `error` event our proxy appends when the gateway connection breaks mid-stream. */
const TRANSPORT_ERROR_CODES = new Set(['upstream_stream_failed', 'stream_incomplete', 'stream_idle_timeout']);

export type WorkingTurn = Omit<Turn, 'eventCount' | 'metrics'> & {
  tokenEvents: number;
  controller: AbortController | null;
  stopReason: 'stopped' | 'cancelled' | null;
};

/** A turn about to be sent: empty transcript, clock started now. */
export function createWorkingTurn(key: string, request: TurnRequest): WorkingTurn {
  return {
    key,
    request,
    transcript: createTranscriptState(),
    events: [],
    timings: { startedAt: performance.now(), headersMs: null, firstTokenMs: null, endMs: null },
    status: 'sending',
    error: null,
    resumeCount: 0,
    tokenEvents: 0,
    controller: null,
    stopReason: null,
  };
}

export type OpenRequest = (signal: AbortSignal) => Promise<Response>;

export function snapshotTurn(working: WorkingTurn): Turn {
  const { tokenEvents, controller: _controller, stopReason: _stopReason, ...turn } = working;
  return { ...turn, eventCount: working.events.length, metrics: computeMetrics(working.timings, working.transcript, tokenEvents) };
}

export function responsePath(id: string, query = ''): string {
  return `/api/responses/${encodeURIComponent(id)}${query}`;
}

/** Runs a request into `working`, calling `notify` whenever visible state changed. Never throws. */
export async function runTurn(working: WorkingTurn, open: OpenRequest, headers: Record<string, string>, notify: () => void): Promise<void> {
  const controller = new AbortController();
  working.controller = controller;
  working.stopReason = null;
  try {
    const response = await open(controller.signal);
    working.timings.headersMs ??= elapsed(working);
    await consumeResponse(working, response, controller.signal, notify);
    if (!isSettled(working)) await recover(working, headers, controller.signal, notify);
  } catch (error) {
    if (controller.signal.aborted) {
      working.status = working.stopReason ?? 'stopped';
    } else if (canResume(working.transcript)) {
      await recover(working, headers, controller.signal, notify).catch((failure: unknown) => {
        if (controller.signal.aborted) working.status = working.stopReason ?? 'stopped';
        else fail(working, failure);
      });
    } else {
      fail(working, error);
    }
  } finally {
    if (working.status === 'sending' || working.status === 'streaming') settle(working);
    working.timings.endMs = elapsed(working);
    working.controller = null;
    notify();
  }
}

async function consumeResponse(working: WorkingTurn, response: Response, signal: AbortSignal, notify: () => void): Promise<void> {
  if (!response.ok) {
    working.error = await readHttpError(response);
    working.status = 'error';
    return;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('text/event-stream') && response.body) {
    working.status = 'streaming';
    notify();
    await consumeStream(working, response.body, notify);
  } else {
    const json: unknown = await response.json();
    if (typeof json === 'object' && json !== null) {
      working.transcript = adoptResponse(working.transcript, json as Record<string, unknown>);
      notify();
    }
    await poll(working, signal, notify);
  }
  settle(working);
}

async function consumeStream(working: WorkingTurn, body: ReadableStream<Uint8Array>, notify: () => void): Promise<void> {
  for await (const record of parseStreamEvents(body)) {
    const atMs = elapsed(working);
    const index = working.events.length;
    if (record.kind === 'done') {
      working.events.push({ index, sequenceNumber: null, type: '[DONE]', atMs, data: record.data });
    } else if (record.kind === 'parse-error') {
      working.events.push({ index, sequenceNumber: null, type: record.sseEvent ?? '(unparsed)', atMs, data: record.data, parseError: record.message });
    } else {
      const { event } = record;
      const sequence = typeof event.sequence_number === 'number' ? event.sequence_number : null;
      if (sequence !== null && sequence <= working.transcript.lastSequenceNumber) continue;
      working.events.push({ index, sequenceNumber: sequence, type: event.type, atMs, data: record.data });
      if (isTransportDrop(event) && canResume(working.transcript)) {
        notify();
        return;
      }
      if (isTokenEvent(event.type)) {
        working.tokenEvents += 1;
        working.timings.firstTokenMs ??= atMs;
      }
      working.transcript = reduceEvents(working.transcript, event);
    }
    notify();
  }
}

/** A background response whose stream ended early is re-streamed from the last sequence number seen. */
async function recover(working: WorkingTurn, headers: Record<string, string>, signal: AbortSignal, notify: () => void): Promise<void> {
  const id = working.transcript.response?.id;
  if (!canResume(working.transcript) || typeof id !== 'string') {
    working.status = 'error';
    working.error ??= localError('The stream closed before the response finished. Only background streamed responses can be resumed; what arrived is kept.');
    return;
  }
  for (let attempt = 1; attempt <= RESUME_ATTEMPTS && !isSettled(working); attempt += 1) {
    await sleep(RESUME_BACKOFF_MS * attempt, signal);
    working.resumeCount += 1;
    notify();
    try {
      const cursor = working.transcript.lastSequenceNumber;
      const response = await fetch(responsePath(id, `?stream=true&starting_after=${cursor}`), { headers, signal });
      await consumeResponse(working, response, signal, notify);
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  if (!isSettled(working)) {
    working.status = 'error';
    working.error ??= localError(`The stream dropped and ${RESUME_ATTEMPTS} resume attempts failed; use Resume to try again.`);
  }
}

/** A non-streamed background response is polled until it leaves queued/in_progress. */
async function poll(working: WorkingTurn, signal: AbortSignal, notify: () => void): Promise<void> {
  const id = working.transcript.response?.id;
  while (typeof id === 'string' && isPending(working.transcript)) {
    await sleep(POLL_INTERVAL_MS, signal);
    const response = await fetch(responsePath(id), { headers: working.request.headers, signal });
    if (!response.ok) {
      working.error = await readHttpError(response);
      working.status = 'error';
      return;
    }
    working.transcript = adoptResponse(working.transcript, (await response.json()) as Record<string, unknown>);
    notify();
  }
}

function adoptResponse(transcript: TranscriptState, response: Record<string, unknown>): TranscriptState {
  const sequence = transcript.lastSequenceNumber;
  const next = reduceEvents({ ...transcript, lastSequenceNumber: -1 }, { type: 'response.completed', response });
  const output = Array.isArray(response.output) ? response.output : [];
  return { ...next, items: output.length > 0 ? next.items : transcript.items, lastSequenceNumber: sequence };
}

function settle(working: WorkingTurn): void {
  if (working.status === 'error' || working.status === 'stopped') return;
  const status = working.transcript.status;
  if (status && TERMINAL_STATUSES.includes(status)) working.status = status as RunStatus;
  else if (working.transcript.error) working.status = 'failed';
}

function isSettled(working: WorkingTurn): boolean {
  return working.status !== 'sending' && working.status !== 'streaming' ? true : Boolean(working.transcript.error) || !isPending(working.transcript);
}

function isPending(transcript: TranscriptState): boolean {
  return transcript.status === null || transcript.status === 'queued' || transcript.status === 'in_progress';
}

function canResume(transcript: TranscriptState): boolean {
  return transcript.response?.background === true && typeof transcript.response.id === 'string' && isPending(transcript);
}

/** A dropped connection reported in-band: a background response is resumed instead of failed. */
function isTransportDrop(event: StreamEvent): boolean {
  const source = typeof event.error === 'object' && event.error !== null ? (event.error as Record<string, unknown>) : event;
  return event.type === 'error' && event.sequence_number === undefined && TRANSPORT_ERROR_CODES.has(String(source.code));
}

function fail(working: WorkingTurn, error: unknown): void {
  working.status = 'error';
  working.error ??= localError(error instanceof Error ? `Network error: ${error.message}` : 'Network error');
}

export function localError(message: string): RunError {
  return { message, type: null, code: null, param: null, httpStatus: null, retryAfterSeconds: null };
}

export async function readHttpError(response: Response): Promise<RunError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    const inner = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).error : undefined;
    if (typeof inner === 'object' && inner !== null) body = inner as Record<string, unknown>;
  } catch {
    body = {};
  }
  const pick = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    message: pick(body.message) ?? `HTTP ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`,
    type: pick(body.type),
    code: pick(body.code),
    param: pick(body.param),
    httpStatus: response.status,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

function elapsed(working: WorkingTurn): number {
  return performance.now() - working.timings.startedAt;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
