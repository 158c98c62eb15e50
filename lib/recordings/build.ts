// A finished run as a recording file: its events, the final response read from them, a name, credentials redacted (pure).
import { redactCredentials } from '@/lib/schema/credentials';
import { RECORDING_FORMAT, RECORDING_NAME_MAX_CHARS, RECORDING_VERSION, type RecordedEvent, type RecordingFile } from '@/lib/schema/recording';
import { createSseRecordReader, type SseRecord } from '@/lib/sse/parse-events';
import { describeTurnInput } from '@/lib/transcript/turn-input';

export interface FinishedRun {
  request: Record<string, unknown>;
  onBehalfOf: string | null;
  source: RecordingFile['source'];
  recordedAt: Date;
  headersMs: number;
  durationMs: number;
  endedBy: RecordingFile['ended_by'];
  events: RecordedEvent[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The response object an event carries (response.created, response.completed, …), or null. */
function responseOf(event: RecordedEvent): JsonObject | null {
  const records: SseRecord[] = [];
  const reader = createSseRecordReader((record) => records.push(record));
  reader.feed(event.raw);
  reader.end();
  for (const record of records) {
    if (record.kind === 'event' && record.event.type.startsWith('response.') && isObject(record.event.response)) return record.event.response;
  }
  return null;
}

/** The first and the last response object the events carry; the events are only parsed until both are found. */
function readResponses(events: readonly RecordedEvent[]): { first: JsonObject | null; last: JsonObject | null } {
  let first: JsonObject | null = null;
  let firstAt = -1;
  for (let index = 0; index < events.length && first === null; index += 1) {
    first = responseOf(events[index]!);
    firstAt = index;
  }
  let last: JsonObject | null = null;
  for (let index = events.length - 1; index > firstAt && last === null; index -= 1) last = responseOf(events[index]!);
  return { first, last: last ?? first };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Every output_text of a response's output, for search. */
export function outputTextOf(response: JsonObject | null): string {
  const output = Array.isArray(response?.output) ? response.output : [];
  const parts: string[] = [];
  for (const item of output) {
    if (!isObject(item) || !Array.isArray(item.content)) continue;
    for (const part of item.content) if (isObject(part) && typeof part.text === 'string') parts.push(part.text);
  }
  return parts.join('\n');
}

/** A name a list can show: the start of what was asked (the words a turn's heading shows). */
export function nameRun(request: JsonObject): string {
  const asked = request.input === undefined ? '' : describeTurnInput({ body: request, kind: 'create' }).replace(/\s+/g, ' ').trim();
  if (!asked) return 'Untitled run';
  const limit = Math.min(80, RECORDING_NAME_MAX_CHARS);
  return asked.length > limit ? `${asked.slice(0, limit - 1)}…` : asked;
}

export function buildRecordingFile(run: FinishedRun): RecordingFile {
  const { first, last } = readResponses(run.events);
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    name: nameRun(run.request),
    recorded_at: run.recordedAt.toISOString(),
    source: run.source,
    model: textOf(last?.model) ?? textOf(run.request.model),
    // The run's id is its response.created's (docs/protocol.md): some gateways rename it in later events.
    response_id: textOf(first?.id),
    status: textOf(last?.status),
    on_behalf_of: run.onBehalfOf,
    request: redactCredentials(run.request),
    headers_ms: run.headersMs,
    duration_ms: Math.max(run.durationMs, run.headersMs, run.events.at(-1)?.at_ms ?? 0),
    ended_by: run.endedBy,
    events: run.events,
    response: last,
  };
}
