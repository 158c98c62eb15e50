import { describe, expect, it } from 'vitest';
import { FIELD_ORDER, getPath, parsePath, pickExtraFields, replaceExtraFields, setPath } from '@/components/request/body-path';
import { findSpan, locateJsonPaths } from '@/components/request/json-locate';
import { rowsToObject } from '@/components/request/key-value-field';
import { itemsToText, textToItems } from '@/components/request/input-items';
import { buildDraftHeaders, createDefaultDraft, deserializeDraft, formatBody, parseBodyText, parseNumberInput, serializeDraft, toKeyValueRows } from '@/components/request/request-draft';
import { createTool, pickOtherToolFields, toolChoiceFor, TOOL_TEMPLATES } from '@/components/request/tool-templates';
import { listCreateResponseBodyIssues, TOOL_TYPES } from '@/lib/schema';

const EVERY_FIELD = {
  model: 'local-agent',
  input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }, { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' }] }],
  instructions: 'Be brief',
  prompt: { id: 'pmpt_1', version: '2', variables: { city: 'Paris', image: { type: 'input_image', image_url: 'https://example.com/b.png' } } },
  conversation: 'conv_1',
  previous_response_id: 'resp_0',
  include: ['reasoning.encrypted_content'],
  text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true }, verbosity: 'low' },
  stream: true,
  stream_options: { include_obfuscation: false },
  store: true,
  background: true,
  webhook_url: 'https://hooks.example.com/x',
  webhook_secret: 'a-secret-of-16-chars',
  tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true, defer_loading: false, output_schema: { type: 'object' } }],
  tool_choice: { type: 'function', name: 'f' },
  parallel_tool_calls: false,
  max_tool_calls: 3,
  reasoning: { effort: 'low', summary: 'auto', context: 'all_turns' },
  auto_routing: true,
  auto_routing_debug: true,
  max_output_tokens: 100,
  temperature: 0.5,
  top_p: 0.9,
  top_logprobs: 2,
  truncation: 'auto',
  context_management: [{ type: 'compaction', compact_threshold: 2000 }],
  presence_penalty: 0.1,
  frequency_penalty: -0.1,
  service_tier: 'flex',
  prompt_cache_key: 'k',
  safety_identifier: 'sid',
  metadata: { a: 'b' },
  modalities: ['text', 'audio'],
  audio: { voice: 'alloy', format: 'mp3' },
  user: 'u',
  a_future_field: { nested: [1, { x: null }] },
};

describe('request body state', () => {
  it('knows every field of the spec, in its order', () => {
    expect(FIELD_ORDER).toHaveLength(36);
    expect(Object.keys(EVERY_FIELD).slice(0, -1)).toEqual([...FIELD_ORDER]);
  });

  it('round-trips every field and unknown fields through the JSON editor text and the draft storage', () => {
    const parsed = parseBodyText(formatBody(EVERY_FIELD));
    expect(parsed).toEqual({ ok: true, body: EVERY_FIELD });
    const stored = deserializeDraft(serializeDraft({ body: EVERY_FIELD, onBehalfOf: 'alice' }));
    expect(stored).toEqual({ body: EVERY_FIELD, onBehalfOf: 'alice' });
  });

  it('edits by path keep every other field, unknown ones included, and insert known fields in spec order', () => {
    let body: Record<string, unknown> = { model: 'm', zzz: 1 };
    body = setPath(body, 'temperature', 0.2);
    body = setPath(body, 'input', 'hi');
    body = setPath(body, 'text.format.type', 'json_object');
    expect(Object.keys(body)).toEqual(['model', 'input', 'text', 'temperature', 'zzz']);
    expect(body.text).toEqual({ format: { type: 'json_object' } });
    body = setPath(body, 'text.format.type', undefined);
    expect(body).toEqual({ model: 'm', input: 'hi', temperature: 0.2, zzz: 1 });
    const full = setPath(EVERY_FIELD, 'tools[0].name', 'g');
    expect(getPath(full, 'tools[0].name')).toBe('g');
    expect({ ...full, tools: EVERY_FIELD.tools }).toEqual(EVERY_FIELD);
    expect(setPath(EVERY_FIELD, 'tools[0]', undefined).tools).toBeUndefined();
  });

  it('keeps unknown top-level fields in the extra-fields bag and replaces only them', () => {
    expect(pickExtraFields(EVERY_FIELD)).toEqual({ a_future_field: { nested: [1, { x: null }] } });
    const replaced = replaceExtraFields(EVERY_FIELD, { other: true, temperature: 2 });
    expect(replaced.temperature).toBe(0.5);
    expect(replaced.other).toBe(true);
    expect(replaced.a_future_field).toBeUndefined();
  });

  it('parses paths and numbers as the controls need', () => {
    expect(parsePath('tools[2].parameters.properties')).toEqual(['tools', 2, 'parameters', 'properties']);
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput(' 3 ')).toBe(3);
    expect(parseNumberInput('abc')).toBe('abc');
  });

  it('starts with model, input and stream only, and sends the header only when set', () => {
    const draft = createDefaultDraft();
    expect(draft.body).toEqual({ model: 'local-agent', input: '', stream: true });
    expect(buildDraftHeaders(draft)).toEqual({});
    expect(buildDraftHeaders({ ...draft, onBehalfOf: ' bob ' })).toEqual({ 'X-On-Behalf-Of': 'bob' });
  });

  it('maps metadata and variables rows to objects without losing non-string values', () => {
    const variables = EVERY_FIELD.prompt.variables;
    expect(rowsToObject(toKeyValueRows(variables), variables)).toEqual(variables);
    expect(rowsToObject([{ key: '', value: 'x' }], undefined)).toBeUndefined();
  });

  it('switches input between text and items only when nothing is lost', () => {
    expect(itemsToText(textToItems('hello'))).toBe('hello');
    expect(itemsToText(EVERY_FIELD.input)).toBeNull();
  });

  it('has a template for all 14 tool kinds that passes the shared schema, and keeps fields it shows no control for', () => {
    expect(Object.keys(TOOL_TEMPLATES).sort()).toEqual([...TOOL_TYPES].sort());
    const tool = EVERY_FIELD.tools[0];
    expect(pickOtherToolFields(tool)).toEqual({ output_schema: { type: 'object' } });
    expect(toolChoiceFor({ type: 'mcp', server_label: 'docs' })).toEqual({ type: 'mcp', server_label: 'docs' });
    const filled = createTool('function');
    filled.name = 'lookup';
    const issues = listCreateResponseBodyIssues({ model: 'm', tools: [filled, createTool('sleep'), createTool('local_shell'), createTool('code_interpreter')] });
    expect(issues).toEqual([]);
  });

  it('validates with the shared schema: every field above is valid, bounds and cross-field rules name their field', () => {
    expect(listCreateResponseBodyIssues({ ...EVERY_FIELD, conversation: undefined })).toEqual([]);
    const params = listCreateResponseBodyIssues({ model: 'm', temperature: 3, webhook_url: 'https://x.example.com' }).map((issue) => issue.param);
    expect(params).toEqual(expect.arrayContaining(['temperature', 'webhook_url']));
  });

  it('locates a schema issue at its line in the JSON text, or at the nearest parent', () => {
    const text = formatBody({ model: 'm', tools: [{ type: 'function', parameters: { type: 'objekt' } }] });
    const spans = locateJsonPaths(text);
    const span = findSpan(spans, 'tools[0].parameters.type.deep');
    expect(text.slice(span?.from, span?.to)).toBe('"type": "objekt"');
    expect(text.slice(spans.get('model')?.from, spans.get('model')?.to)).toBe('"model": "m"');
    const broken = parseBodyText('{\n  "model": "m",\n  oops\n}');
    expect(broken).toMatchObject({ ok: false, line: 3 });
  });
});
