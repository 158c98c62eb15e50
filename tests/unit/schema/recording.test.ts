// The recording file format: a round trip keeps every byte and offset, versions are checked, bad files are named by field or line.
import { describe, expect, it } from 'vitest';
import { parseRecordingFile, parseRecordingValue, RECORDING_FORMAT, recordedStreamText, type RecordingFile } from '@/lib/schema/recording';

function sampleRecording(): RecordingFile {
  const created = { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress', model: 'local-agent' } };
  return {
    format: RECORDING_FORMAT,
    version: 1,
    name: 'Say hello',
    recorded_at: '2025-05-01T10:00:00.000Z',
    source: 'proxy',
    model: 'local-agent',
    response_id: 'resp_1',
    status: 'completed',
    on_behalf_of: 'alice',
    request: { model: 'local-agent', input: 'Say hello', stream: true, webhook_secret: '<redacted>' },
    headers_ms: 12,
    duration_ms: 340,
    ended_by: 'stream_end',
    events: [
      { at_ms: 15, raw: `event: response.created\ndata: ${JSON.stringify(created)}\n\n` },
      // Text the way a gateway may send it: CRLF framing, a NUL, a lone surrogate, an emoji split nowhere.
      { at_ms: 120, raw: 'event: response.output_text.delta\r\ndata: {"type":"response.output_text.delta","delta":"h\u0000i \ud83d\ude00 \ud800"}\r\n\r\n' },
      { at_ms: 120, raw: ': keep-alive\n\n' },
      { at_ms: 340, raw: 'event: response.completed\ndata: {"type":"response.completed","response":{"id":"resp_1","status":"completed"}}\n\n' },
    ],
    response: { id: 'resp_1', status: 'completed', output: [] },
  };
}

const asText = (value: unknown) => JSON.stringify(value, null, 2);

function expectError(text: string, param: string | null, message: RegExp) {
  const parsed = parseRecordingFile(text);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.error.status).toBe(400);
  expect(parsed.error.code).toBe('invalid_recording');
  expect(parsed.error.param).toBe(param);
  expect(parsed.error.message).toMatch(message);
}

describe('recording file format', () => {
  it('round-trips: export, parse, export again gives the same file, every event byte and offset kept', () => {
    const recording = sampleRecording();
    const parsed = parseRecordingFile(asText(recording));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.recording).toEqual(recording);
    expect(JSON.stringify(parsed.recording)).toBe(JSON.stringify(recording));
    expect(recordedStreamText(parsed.recording)).toBe(recording.events.map((event) => event.raw).join(''));
    expect(parsed.recording.events.map((event) => event.at_ms)).toEqual([15, 120, 120, 340]);
  });

  it('reads a file with fields it does not know (a later minor addition) and drops them', () => {
    const parsed = parseRecordingValue({ ...sampleRecording(), comment: 'from a newer playground' });
    expect(parsed.ok && 'comment' in parsed.recording).toBe(false);
    expect(parsed.ok).toBe(true);
  });

  it('refuses a JSON file that is not a recording, naming format', () => {
    expectError(asText({ id: 'resp_1', object: 'response', output: [] }), 'format', /not a recording: format must be "responses-playground\.recording" \(it is missing\)/);
    expectError(asText({ ...sampleRecording(), format: 'har' }), 'format', /\(it is "har"\)/);
    expectError('[1, 2]', null, /not a recording: it is not a JSON object/);
  });

  it('refuses an unknown version, saying which versions it reads', () => {
    expectError(asText({ ...sampleRecording(), version: 2 }), 'version', /Unknown recording version 2: this playground reads version 1/);
    expectError(asText({ ...sampleRecording(), version: '1' }), 'version', /Unknown recording version "1"/);
    const { version: _version, ...withoutVersion } = sampleRecording();
    expectError(asText(withoutVersion), 'version', /Unknown recording version missing/);
  });

  it('refuses a truncated file, naming the line where it stops', () => {
    const text = asText(sampleRecording());
    const cut = text.slice(0, text.indexOf('"response.completed"'));
    const lines = cut.trimEnd().split('\n').length;
    expectError(cut, null, new RegExp(`ends in the middle of its JSON at line ${lines}: it is truncated`));
    expectError('', null, /The file is empty/);
  });

  it('refuses broken JSON, naming its line and column', () => {
    const text = asText(sampleRecording()).replace('"headers_ms": 12,', '"headers_ms": 12,,');
    const line = text.split('\n').findIndex((entry) => entry.includes('12,,')) + 1;
    const column = (text.split('\n')[line - 1] ?? '').indexOf(',,') + 2;
    expectError(text, null, new RegExp(`not valid JSON at line ${line}, column ${column}`));
  });

  it('names the field of a recording that does not fit', () => {
    const recording = sampleRecording();
    expectError(asText({ ...recording, events: [{ at_ms: 1, raw: 'x' }, { at_ms: 'soon', raw: 'y' }] }), 'events[1].at_ms', /expected a number/);
    expectError(asText({ ...recording, events: [{ at_ms: 1 }] }), 'events[0].raw', /Missing required parameter: 'events\[0\]\.raw'/);
    expectError(asText({ ...recording, events: [{ at_ms: 50, raw: 'a' }, { at_ms: 40, raw: 'b' }] }), 'events[1].at_ms', /must not be earlier than the event before it \(50 ms\)/);
    expectError(asText({ ...recording, events: [{ at_ms: 500, raw: 'a' }] }), 'events[0].at_ms', /must not be later than duration_ms \(340 ms\)/);
    expectError(asText({ ...recording, events: [{ at_ms: -1, raw: 'a' }] }), 'events[0].at_ms', /below the minimum of 0/);
    expectError(asText({ ...recording, ended_by: 'timeout' }), 'ended_by', /Supported values are: 'stream_end' and 'client'/);
    expectError(asText({ ...recording, recorded_at: 'yesterday' }), 'recorded_at', /datetime/);
    expectError(asText({ ...recording, request: 'Say hello' }), 'request', /expected an object/);
    expectError(asText({ ...recording, name: '   ' }), 'name', /string too short/);
  });
});
