// A finished run as a recording file: the served model, the run id, the final response, a name, and no credentials.
import { describe, expect, it } from 'vitest';
import { buildRecordingFile, nameRun, type FinishedRun } from '@/lib/recordings/build';
import { parseRecordingValue } from '@/lib/schema/recording';

const sse = (payload: Record<string, unknown>) => `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;

function run(overrides: Partial<FinishedRun> = {}): FinishedRun {
  const response = { id: 'resp_run', object: 'response', status: 'in_progress', model: 'local-agent-q4', output: [] };
  const done = { ...response, id: 'resp_renamed', status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hello there' }] }] };
  return {
    request: {
      model: 'local-agent',
      auto_routing: true,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Say   hello\nplease' }] }],
      webhook_secret: 'whsec_real_secret',
      tools: [{ type: 'mcp', server_label: 'x', server_url: 'https://mcp.example', authorization: 'Bearer mcp-secret', headers: { 'X-Key': 'k-secret' } }],
      stream: true,
    },
    onBehalfOf: 'alice',
    source: 'proxy',
    recordedAt: new Date('2025-05-01T10:00:00Z'),
    headersMs: 8,
    durationMs: 200,
    endedBy: 'stream_end',
    events: [
      { at_ms: 9, raw: sse({ type: 'response.created', sequence_number: 0, response }) },
      { at_ms: 50, raw: sse({ type: 'response.output_text.delta', sequence_number: 1, delta: 'Hello' }) },
      { at_ms: 210, raw: sse({ type: 'response.completed', sequence_number: 2, response: done }) },
    ],
    ...overrides,
  };
}

describe('buildRecordingFile', () => {
  it('names the model that served, files the run under its response.created id, keeps the final response', () => {
    const file = buildRecordingFile(run());
    expect(file).toMatchObject({
      format: 'responses-playground.recording',
      version: 1,
      name: 'Say hello please',
      recorded_at: '2025-05-01T10:00:00.000Z',
      model: 'local-agent-q4',
      response_id: 'resp_run',
      status: 'completed',
      on_behalf_of: 'alice',
      headers_ms: 8,
      // The last event arrived after the stream's end was noted: the duration covers it.
      duration_ms: 210,
      ended_by: 'stream_end',
    });
    expect(file.response?.id).toBe('resp_renamed');
    expect(file.events).toEqual(run().events);
    expect(parseRecordingValue(JSON.parse(JSON.stringify(file))).ok).toBe(true);
  });

  it('keeps no credential of the request: each reads <redacted>', () => {
    const file = buildRecordingFile(run());
    const text = JSON.stringify(file);
    for (const secret of ['whsec_real_secret', 'mcp-secret', 'k-secret']) expect(text).not.toContain(secret);
    expect(file.request.webhook_secret).toBe('<redacted>');
    expect(file.request.tools).toEqual([{ type: 'mcp', server_label: 'x', server_url: 'https://mcp.example', authorization: '<redacted>', headers: { 'X-Key': '<redacted>' } }]);
  });

  it('without any response event (an error before response.created) has no id, status or response, and the requested model', () => {
    const file = buildRecordingFile(run({ events: [{ at_ms: 5, raw: 'event: error\ndata: {"type":"error","code":"stream_incomplete","message":"x"}\n\n' }] }));
    expect([file.model, file.response_id, file.status, file.response]).toEqual(['local-agent', null, null, null]);
  });

  it('a run cut short keeps the last response it saw', () => {
    const events = run().events.slice(0, 2);
    const file = buildRecordingFile(run({ events, endedBy: 'client' }));
    expect([file.response_id, file.status, file.ended_by]).toEqual(['resp_run', 'in_progress', 'client']);
  });

  it('names a run by the start of what was asked, or Untitled', () => {
    expect(nameRun({ input: 'x'.repeat(300) })).toBe(`${'x'.repeat(79)}…`);
    expect(nameRun({ model: 'local-agent' })).toBe('Untitled run');
    expect(nameRun({ input: [{ type: 'function_call_output', call_id: 'call_1', output: '{}' }] })).toBe('Tool output for call_1');
  });
});
