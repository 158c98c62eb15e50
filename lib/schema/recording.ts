// The recording file: one streamed run as it arrived (request, every SSE event with its offset, final response), versioned (isomorphic).
import { z } from 'zod';
import { ApiError } from './errors';
import { formatZodIssues } from './issues';

export const RECORDING_FORMAT = 'responses-playground.recording';
/** The version this playground writes; RECORDING_VERSIONS are the ones it reads. */
export const RECORDING_VERSION = 1;
export const RECORDING_VERSIONS: readonly number[] = [1];
/** A recording file (an import, or what the recorder keeps) is at most 50 MiB. */
export const RECORDING_MAX_BYTES = 50 * 1024 * 1024;
export const RECORDING_NAME_MAX_CHARS = 200;

/** One SSE event exactly as the browser received it (its blank line included) and when its last byte arrived, in ms after the request was sent. */
export const recordedEventSchema = z.object({
  at_ms: z.number().min(0),
  raw: z.string(),
});
export type RecordedEvent = z.infer<typeof recordedEventSchema>;

/** Who made the run: the proxy, or a compare grid's cell (lib/grids). */
export const RECORDING_SOURCES = ['proxy', 'grid'] as const;
/** How the stream ended: it closed (`stream_end`), or the browser left or stopped first (`client`). */
export const RECORDING_ENDINGS = ['stream_end', 'client'] as const;

const nullableText = z.string().max(4_096).nullable();

export const recordingFileSchema = z
  .object({
    format: z.literal(RECORDING_FORMAT),
    version: z.literal(RECORDING_VERSION),
    name: z.string().trim().min(1).max(RECORDING_NAME_MAX_CHARS),
    recorded_at: z.iso.datetime({ offset: true }),
    source: z.enum(RECORDING_SOURCES),
    model: nullableText,
    response_id: nullableText,
    status: nullableText,
    on_behalf_of: nullableText,
    /** The create body as sent, credentials reading `<redacted>` (lib/schema/credentials.ts). */
    request: z.record(z.string(), z.unknown()),
    headers_ms: z.number().min(0),
    duration_ms: z.number().min(0),
    ended_by: z.enum(RECORDING_ENDINGS),
    events: z.array(recordedEventSchema),
    /** The response object of the last lifecycle event (the terminal one when the run finished). */
    response: z.record(z.string(), z.unknown()).nullable(),
  })
  .superRefine((file, ctx) => {
    let previous = 0;
    file.events.forEach((event, index) => {
      if (event.at_ms < previous) ctx.addIssue({ code: 'custom', path: ['events', index, 'at_ms'], message: `must not be earlier than the event before it (${previous} ms)` });
      else if (event.at_ms > file.duration_ms) ctx.addIssue({ code: 'custom', path: ['events', index, 'at_ms'], message: `must not be later than duration_ms (${file.duration_ms} ms)` });
      previous = Math.max(previous, event.at_ms);
    });
    if (file.headers_ms > file.duration_ms) ctx.addIssue({ code: 'custom', path: ['headers_ms'], message: `must not be later than duration_ms (${file.duration_ms} ms)` });
  });
export type RecordingFile = z.infer<typeof recordingFileSchema>;

export type RecordingParse = { ok: true; recording: RecordingFile } | { ok: false; error: ApiError };

const invalid = (message: string, param: string | null = null): RecordingParse => ({ ok: false, error: new ApiError(400, message, { param, code: 'invalid_recording' }) });

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : 'invalid JSON';
  const position = /at position (\d+)/.exec(message);
  if (/Unexpected end of JSON input/i.test(message) || (position && Number(position[1]) >= text.trimEnd().length)) {
    const { line } = lineAndColumn(text, text.trimEnd().length);
    return `The file ends in the middle of its JSON at line ${line}: it is truncated (was the download or copy cut short?).`;
  }
  if (position) {
    const { line, column } = lineAndColumn(text, Number(position[1]));
    return `The file is not valid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}.`;
  }
  return `The file is not valid JSON: ${message}.`;
}

/**
 * Reads a recording file's text: not JSON (the line named), not a recording, an unknown version, or a field that does not fit
 * (named as `events[3].at_ms`) each give a 400 `invalid_recording`. The size cap is the caller's (the bytes are not here).
 */
export function parseRecordingFile(text: string): RecordingParse {
  if (text.trim() === '') return invalid('The file is empty: a recording is one JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(describeJsonError(text, error));
  }
  return parseRecordingValue(value);
}

/** The same checks on a value already parsed from JSON. */
export function parseRecordingValue(value: unknown): RecordingParse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid('This file is not a recording: it is not a JSON object.');
  const { format, version } = value as Record<string, unknown>;
  if (format !== RECORDING_FORMAT) {
    return invalid(`This file is not a recording: format must be "${RECORDING_FORMAT}" (it is ${format === undefined ? 'missing' : JSON.stringify(format)?.slice(0, 80)}).`, 'format');
  }
  if (typeof version !== 'number' || !RECORDING_VERSIONS.includes(version)) {
    return invalid(`Unknown recording version ${JSON.stringify(version)?.slice(0, 40) ?? 'missing'}: this playground reads version ${RECORDING_VERSIONS.join(', ')}.`, 'version');
  }
  const parsed = recordingFileSchema.safeParse(value);
  if (parsed.success) return { ok: true, recording: parsed.data };
  const issue = formatZodIssues(parsed.error.issues, value)[0];
  return invalid(issue?.message ?? 'The recording is invalid.', issue?.param || null);
}

/** The SSE text of a recording's events, in order: what the browser received. */
export function recordedStreamText(recording: Pick<RecordingFile, 'events'>): string {
  return recording.events.map((event) => event.raw).join('');
}
