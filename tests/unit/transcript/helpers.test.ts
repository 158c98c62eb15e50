import { describe, expect, it } from 'vitest';
import { hintForError } from '@/lib/transcript/error-hints';
import { buildEventsNdjson, buildRunJson, buildRunMarkdown, maskHeaders, redactEventCredentials } from '@/lib/transcript/export';
import { buildFollowUpBody, functionCallOutput, mcpApprovalResponse, settingsFromResponse } from '@/lib/transcript/follow-up';
import { highlightCode } from '@/lib/transcript/highlight';
import { computeMetrics, decodeRoutingDebug } from '@/lib/transcript/metrics';
import { reduceAll } from '@/lib/transcript/reducer';
import type { Turn } from '@/lib/transcript/run-types';
import { SCENARIOS } from '../../fixtures/streams/scenarios';

const base = { message: 'x', code: null, param: null, httpStatus: 400, retryAfterSeconds: null };

describe('hintForError', () => {
  it('explains the known cases', () => {
    expect(hintForError({ ...base, message: "Previous response with id 'resp_1' not found.", param: 'previous_response_id', httpStatus: 404 })).toContain('store: false');
    expect(hintForError({ ...base, message: 'No tool output found for function call call_1.' })).toContain('Reply with output');
    expect(hintForError({ ...base, message: 'webhook_url requires background: true', param: 'webhook_url' })).toContain('background: true');
    expect(hintForError({ ...base, message: 'Too many requests', httpStatus: 429, retryAfterSeconds: 3 })).toContain('Retry after 3 s');
    expect(hintForError({ ...base, message: 'The model `nope` does not exist', code: 'model_not_found', httpStatus: 404 })).toContain('model id');
    expect(hintForError({ ...base, message: 'Something odd' })).toBeNull();
  });
});

describe('buildFollowUpBody', () => {
  const previous = { model: 'local-agent', tools: [{ type: 'function', name: 'f' }], tool_choice: 'auto', text: { format: { type: 'text' } }, reasoning: { effort: 'low' }, input: 'old', previous_response_id: 'resp_0', stream: true };

  it('keeps every setting, chains to the last response and replaces the input', () => {
    const input = [functionCallOutput('call_1', '{"t":21}')];
    expect(buildFollowUpBody(previous, 'resp_1', input)).toEqual({
      model: 'local-agent', tools: previous.tools, tool_choice: 'auto', text: previous.text, reasoning: previous.reasoning, stream: true,
      previous_response_id: 'resp_1',
      input: [{ type: 'function_call_output', call_id: 'call_1', output: '{"t":21}' }],
    });
  });

  it('lets a conversation carry the thread instead of previous_response_id', () => {
    const body = buildFollowUpBody({ ...previous, previous_response_id: undefined, conversation: 'conv_1' }, 'resp_1', 'next');
    expect(body).not.toHaveProperty('previous_response_id');
    expect(body).toMatchObject({ conversation: 'conv_1', input: 'next' });
  });

  it('rebuilds settings from a stored response when the thread was opened by id', () => {
    const stored = { id: 'resp_9', model: 'local-agent-moe', tools: [], tool_choice: 'auto', instructions: null, temperature: 0.2, store: true, background: false, output: [], usage: {} };
    expect(settingsFromResponse(stored, true)).toEqual({ stream: true, model: 'local-agent-moe', tool_choice: 'auto', temperature: 0.2, store: true, background: false });
  });

  it('builds approval responses and custom tool outputs', () => {
    expect(mcpApprovalResponse('mcpr_1', false)).toEqual({ type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: false });
    expect(functionCallOutput('call_2', 'ok', 'custom_tool_call')).toEqual({ type: 'custom_tool_call_output', call_id: 'call_2', output: 'ok' });
  });
});

describe('metrics', () => {
  it('decodes the auto_routing_debug JSON string, and keeps a malformed one raw', () => {
    expect(decodeRoutingDebug({ auto_routing_debug: '{"tier":"moe","score":2}' })).toEqual({ raw: '{"tier":"moe","score":2}', fields: [['tier', 'moe'], ['score', '2']] });
    expect(decodeRoutingDebug({ auto_routing_debug: 'tier=moe' })).toEqual({ raw: 'tier=moe', fields: null });
    expect(decodeRoutingDebug({})).toBeNull();
  });

  it('computes tokens per second from usage over the generation time', () => {
    const transcript = reduceAll(SCENARIOS.message!);
    const metrics = computeMetrics({ startedAt: 0, headersMs: 20, firstTokenMs: 100, endMs: 1100 }, transcript, 11);
    expect(metrics).toMatchObject({ ttfbMs: 20, ttftMs: 100, totalMs: 1100, tokensPerSecond: 30, model: 'local-agent', responseId: 'resp_test' });
  });
});

describe('export', () => {
  const transcript = reduceAll(SCENARIOS.function_call!);
  const turn: Turn = {
    key: 't', request: { body: { model: 'local-agent', input: 'weather?' }, headers: { 'X-Gateway-Api-Key': 'sk-secret-123', 'X-On-Behalf-Of': 'alice' }, kind: 'create' },
    transcript, events: [{ index: 0, sequenceNumber: 0, type: 'response.created', atMs: 1.4, data: '{"type":"response.created"}' }], eventCount: 1,
    timings: { startedAt: 0, headersMs: 1, firstTokenMs: 2, endMs: 3 }, metrics: computeMetrics({ startedAt: 0, headersMs: 1, firstTokenMs: 2, endMs: 3 }, transcript, 1),
    status: 'completed', error: null, resumeCount: 0, tokenEvents: 1, retryAt: null, hasAutoRetried: false, attempt: 1,
  };

  it('masks secret headers and keeps the rest', () => {
    expect(maskHeaders({ 'X-Gateway-Api-Key': 'sk-secret-123', 'X-On-Behalf-Of': 'alice' })).toEqual({ 'X-Gateway-Api-Key': 'sk-s…(masked)', 'X-On-Behalf-Of': 'alice' });
  });

  it('exports JSON with request, response, output and events, without the key', () => {
    const json = buildRunJson([turn]);
    expect(json).not.toContain('sk-secret-123');
    const parsed = JSON.parse(json) as { turns: { output: unknown[]; events: unknown[]; response: { id: string } }[] };
    expect(parsed.turns[0]?.output).toEqual(transcript.items);
    expect(parsed.turns[0]?.events).toEqual([{ sequence_number: 0, type: 'response.created', at_ms: 1, data: { type: 'response.created' } }]);
    expect(parsed.turns[0]?.response.id).toBe('resp_test');
  });

  it('redacts credentials of the request body in both exports', () => {
    const secretBody = { model: 'local-agent', input: 'hi', webhook_secret: 'whsec-0123456789abcdef', tools: [{ type: 'mcp', server_label: 'd', authorization: 'oauth-token-abc' }] };
    const withSecrets: Turn = { ...turn, request: { ...turn.request, body: secretBody } };
    for (const exported of [buildRunJson([withSecrets]), buildRunMarkdown([withSecrets])]) {
      expect(exported).not.toMatch(/whsec-|oauth-token/);
      expect(exported).toContain('<redacted>');
    }
  });

  it('redacts credentials a remote gateway echoes in its response object and events', () => {
    const echoed = { id: 'resp_echo', status: 'completed', webhook_secret: 'whsec-echoed', tools: [{ type: 'mcp', server_label: 'd', authorization: 'oauth-echoed', headers: { 'X-Api-Key': 'hdr-echoed' } }] };
    const created = JSON.stringify({ type: 'response.created', sequence_number: 0, response: echoed });
    const withEcho: Turn = {
      ...turn,
      transcript: { ...turn.transcript, response: echoed as unknown as Turn['transcript']['response'] },
      events: [{ index: 0, sequenceNumber: 0, type: 'response.created', atMs: 1, data: created }],
    };
    const exported = buildRunJson([withEcho]);
    expect(exported).not.toMatch(/-echoed/);
    expect((JSON.parse(exported) as { turns: { response: { id: string; webhook_secret: string } }[] }).turns[0]?.response).toMatchObject({ id: 'resp_echo', webhook_secret: '<redacted>' });
    expect(buildEventsNdjson(withEcho.events)).not.toMatch(/-echoed/);
    expect(JSON.parse(redactEventCredentials(created))).toMatchObject({ type: 'response.created', response: { id: 'resp_echo', webhook_secret: '<redacted>' } });
    // Events without a credential keep their raw text byte for byte.
    const plain = '{"type":"response.created",  "response":{"id":"resp_1"}}';
    expect(redactEventCredentials(plain)).toBe(plain);
  });

  it('exports Markdown and NDJSON', () => {
    const markdown = buildRunMarkdown([turn]);
    expect(markdown).toContain('## Turn 1 (resp_test)');
    expect(markdown).toContain('**function_call** `get_weather`');
    expect(buildEventsNdjson([{ data: '{"a":1}' }, { data: '{"b":\n2}' }])).toBe('{"a":1}\n{"b": 2}');
  });
});

describe('highlightCode', () => {
  it('tokenizes keywords, strings, numbers and comments without losing text', () => {
    const code = 'import math  # pi\nprint("x", 42)';
    const tokens = highlightCode(code);
    expect(tokens.map((token) => token.text).join('')).toBe(code);
    expect(tokens.filter((token) => token.kind !== 'plain')).toEqual([
      { text: 'import', kind: 'keyword' },
      { text: '# pi', kind: 'comment' },
      { text: '"x"', kind: 'string' },
      { text: '42', kind: 'number' },
    ]);
  });
});
