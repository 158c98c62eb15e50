// Deterministic invalid create-response bodies (wrong types, out-of-range values, huge strings, deep nesting, prototype keys) as raw JSON text.

export interface InvalidBody {
  name: string;
  /** The exact request body text. */
  text: string;
  /** When the failure belongs to one field: the error's `param` must equal it or start with it (`tools` for `tools[0].type`). */
  param?: string;
}

/** Known-good bodies the invalid ones are built on; each must be accepted on its own. */
export const VALID_BASES: Record<string, Record<string, unknown>> = {
  minimal: { model: 'local-echo', input: 'hi' },
  streamed: { model: 'local-echo', input: 'hi', stream: true },
  rich: {
    model: 'local-agent',
    input: [{ role: 'user', content: 'hello there' }],
    instructions: 'be brief',
    temperature: 1,
    top_p: 0.5,
    max_output_tokens: 200,
    metadata: { run: 'abuse' },
    tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} } }],
    store: true,
  },
};

/** The raw JSON of a base with `field` removed and then appended with a raw JSON value (so `1e309` and `NaN`-like tokens survive). */
export function withField(base: Record<string, unknown>, field: string, rawValue: string): string {
  const rest = Object.fromEntries(Object.entries(base).filter(([key]) => key !== field));
  const head = JSON.stringify(rest).slice(0, -1);
  return `${head}${head === '{' ? '' : ','}${JSON.stringify(field)}:${rawValue}}`;
}

const raw = (value: unknown) => JSON.stringify(value);
const NAN_LIKE = ['"NaN"', '"Infinity"', '"-Infinity"', '"1e309"', '"0x10"', '""', '" 1 "', '"1,5"'];
const NOT_STRING = ['0', '1.5', '-1', 'true', 'false', '[]', '{}', '["x"]', '{"value":"x"}'];
const NOT_NUMBER = [...NAN_LIKE, 'true', '[]', '{}', '[1]', '{"value":1}'];
const NOT_BOOLEAN = ['"true"', '"false"', '0', '1', '""', '[]', '{}', '[true]'];
const NOT_ARRAY = ['"x"', '0', 'true', '{}', '{"0":"a"}'];
const NOT_OBJECT = ['"x"', '0', 'true', '[]', '[{}]'];

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';
const WRONG: Record<Kind, string[]> = { string: NOT_STRING, number: NOT_NUMBER, boolean: NOT_BOOLEAN, array: NOT_ARRAY, object: NOT_OBJECT };

/** Every top-level field with its JSON kind and whether null is allowed. */
const FIELDS: Array<{ field: string; kind: Kind; nullable: boolean }> = [
  { field: 'model', kind: 'string', nullable: false },
  { field: 'instructions', kind: 'string', nullable: true },
  { field: 'previous_response_id', kind: 'string', nullable: true },
  { field: 'prompt_cache_key', kind: 'string', nullable: true },
  { field: 'safety_identifier', kind: 'string', nullable: true },
  { field: 'user', kind: 'string', nullable: true },
  { field: 'truncation', kind: 'string', nullable: true },
  { field: 'service_tier', kind: 'string', nullable: true },
  { field: 'stream', kind: 'boolean', nullable: true },
  { field: 'store', kind: 'boolean', nullable: true },
  { field: 'background', kind: 'boolean', nullable: true },
  { field: 'parallel_tool_calls', kind: 'boolean', nullable: true },
  { field: 'auto_routing', kind: 'boolean', nullable: false },
  { field: 'auto_routing_debug', kind: 'boolean', nullable: false },
  { field: 'max_tool_calls', kind: 'number', nullable: true },
  { field: 'max_output_tokens', kind: 'number', nullable: true },
  { field: 'temperature', kind: 'number', nullable: true },
  { field: 'top_p', kind: 'number', nullable: true },
  { field: 'top_logprobs', kind: 'number', nullable: true },
  { field: 'presence_penalty', kind: 'number', nullable: true },
  { field: 'frequency_penalty', kind: 'number', nullable: true },
  { field: 'include', kind: 'array', nullable: true },
  { field: 'tools', kind: 'array', nullable: false },
  { field: 'context_management', kind: 'array', nullable: true },
  { field: 'modalities', kind: 'array', nullable: true },
  { field: 'text', kind: 'object', nullable: false },
  { field: 'reasoning', kind: 'object', nullable: true },
  { field: 'metadata', kind: 'object', nullable: true },
  { field: 'stream_options', kind: 'object', nullable: true },
  { field: 'audio', kind: 'object', nullable: true },
  { field: 'prompt', kind: 'object', nullable: true },
];

/** Values wrong for a field whatever its type: out of range both sides, bad enum members, bad shapes. */
const SPECIFIC: Record<string, string[]> = {
  model: ['""'],
  input: ['0', 'true', '{}', 'null', '[1]', '[null]', '[[]]', '[{}]', '[{"role":"robot","content":"x"}]', '[{"role":"user","content":5}]'],
  conversation: ['0', 'true', '[]', '""', '{}', '{"id":5}', '{"id":""}'],
  previous_response_id: ['""'],
  safety_identifier: [raw('s'.repeat(65))],
  truncation: ['"none"', '"AUTO"'],
  service_tier: ['"fast"', '"Default"'],
  max_tool_calls: ['0', '301', '1.5', '-1', '1e309'],
  max_output_tokens: ['0', '-1', '1.5', '9007199254740992', '1e309'],
  temperature: ['-0.01', '2.01', '-1e309', '1e309'],
  top_p: ['-0.1', '1.1'],
  top_logprobs: ['-1', '21', '1.5'],
  presence_penalty: ['-2.1', '2.1'],
  frequency_penalty: ['-2.01', '2.01'],
  include: ['["bogus"]', '[1]', '[null]', '["reasoning.encrypted_content","nope"]', '["Reasoning.Encrypted_Content"]', '["file_search_call.results "]', '["__proto__"]'],
  text: ['null', '{"format":{"type":"bogus"}}', '{"format":{}}', '{"verbosity":"loud"}', '{"format":{"type":"json_schema"}}', '{"format":{"type":"json_schema","name":"bad name!","schema":{}}}', '{"format":{"type":"json_schema","name":"s","schema":{"type":"array"}}}', '{"format":"text"}'],
  reasoning: ['{"effort":"extreme"}', '{"summary":"long"}', '{"effort":5}'],
  stream_options: ['{"include_obfuscation":"no"}'],
  audio: ['{"voice":5}', '{"format":[]}'],
  prompt: ['{}', '{"id":5}', '{"id":""}', '{"id":"p","variables":{"a":5}}', '{"id":"p","variables":[]}'],
  context_management: ['[{"type":"compaction"},{"type":"compaction"}]', '[{"type":"other"}]', '[{"type":"compaction","compact_threshold":999}]', '[1]'],
  modalities: ['["video"]', '["text","text"]', '[null]'],
  metadata: [
    '{"a":5}',
    '{"a":null}',
    '{"a":{"b":"c"}}',
    raw({ [`k${'x'.repeat(64)}`]: 'v' }),
    raw({ k: 'v'.repeat(513) }),
    raw(Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`k${index}`, 'v']))),
  ],
  tool_choice: ['"sometimes"', '5', '[]', '{}', '{"type":"bogus"}', '{"type":"function","name":"not_offered"}', '{"type":"mcp","server_label":"nowhere"}'],
};

const UNKNOWN_TOOL_TYPES = ['exec', 'shell_exec', 'FUNCTION', 'function ', '', 'browser', 'python', 'computer_use_preview_2099', 'web-search', '__proto__', 'constructor', 'toString'];

const BAD_TOOLS = [
  '[1]',
  '[null]',
  '[[]]',
  '[{}]',
  '[{"type":"function"}]',
  '[{"type":"function","name":""}]',
  '[{"type":"function","name":"has space"}]',
  raw([{ type: 'function', name: 'n'.repeat(129) }]),
  '[{"type":"function","name":"f","parameters":{"type":"array"}}]',
  '[{"type":"function","name":"f","parameters":[]}]',
  '[{"type":"function","name":"f","strict":"yes"}]',
  '[{"type":"file_search","max_num_results":0}]',
  '[{"type":"file_search","max_num_results":51}]',
  '[{"type":"image_generation","partial_images":4}]',
  '[{"type":"image_generation","partial_images":-1}]',
  '[{"type":"mcp"}]',
  ...UNKNOWN_TOOL_TYPES.map((type) => raw([{ type }])),
];

/** Keys that would pollute prototypes if a parser or merge were careless; each body is also invalid elsewhere. */
const PROTOTYPE_BODIES: InvalidBody[] = [
  { name: '__proto__ top-level with a bad model', text: '{"__proto__":{"polluted":"yes"},"model":5}', param: 'model' },
  { name: 'constructor.prototype with a bad model', text: '{"constructor":{"prototype":{"polluted":"yes"}},"model":null}', param: 'model' },
  { name: 'prototype key with a bad temperature', text: '{"prototype":{"polluted":"yes"},"model":"local-echo","temperature":9}', param: 'temperature' },
  { name: 'tool type only in __proto__', text: '{"model":"local-echo","tools":[{"__proto__":{"type":"function"},"name":"f"}]}', param: 'tools' },
  { name: 'format type only in __proto__', text: '{"model":"local-echo","text":{"format":{"__proto__":{"type":"text"}}}}', param: 'text' },
  { name: '__proto__ effort beside a bad one', text: '{"model":"local-echo","reasoning":{"__proto__":{"effort":"high"},"effort":"extreme"}}', param: 'reasoning' },
  { name: 'metadata constructor object value', text: '{"model":"local-echo","metadata":{"constructor":{"prototype":{"polluted":"yes"}}}}', param: 'metadata' },
  { name: 'input item __proto__ role', text: '{"model":"local-echo","input":[{"__proto__":{"role":"user","content":"x"}}]}', param: 'input' },
  { name: 'model only in __proto__', text: '{"__proto__":{"model":"local-echo"},"input":"hi"}', param: 'model' },
];

const NOT_OBJECT_BODIES = ['', ' ', 'null', '[]', '"text"', '1', 'true', '{', '{"model":"local-echo",}', "{'model':'local-echo'}", '{"model":NaN}', '{"temperature":Infinity,"model":"local-echo"}', '[{"model":"local-echo"}]'];

const nested = (levels: number, open: string, close: string, inner = '') => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
export const DEEP_LEVELS = 10_000;
const DEEP_ARRAY = nested(DEEP_LEVELS, '[', ']');
const DEEP_OBJECT = nested(DEEP_LEVELS, '{"a":', '}', '1');
export const HUGE_STRING = raw('x'.repeat(1024 * 1024));

function* generate(): Generator<InvalidBody> {
  for (const [baseName, base] of Object.entries(VALID_BASES)) {
    for (const { field, kind, nullable } of FIELDS) {
      for (const value of [...WRONG[kind], ...(nullable ? [] : ['null'])]) {
        if (kind === 'object' && value === '{}') continue;
        yield { name: `${baseName}: ${field} = ${value}`, text: withField(base, field, value), param: field };
      }
    }
    for (const [field, values] of Object.entries(SPECIFIC)) {
      for (const value of values) yield { name: `${baseName}: ${field} = ${value.slice(0, 60)}`, text: withField(base, field, value), param: field };
    }
    for (const value of BAD_TOOLS) yield { name: `${baseName}: tools = ${value.slice(0, 60)}`, text: withField(base, 'tools', value), param: 'tools' };
  }
  const minimal = VALID_BASES.minimal!;
  for (const { field } of FIELDS) {
    if (field === 'text' || field === 'reasoning' || field === 'prompt') continue;
    yield { name: `deep arrays in ${field}`, text: withField(minimal, field, DEEP_ARRAY), param: field };
  }
  for (const field of ['model', 'input', 'truncation', 'service_tier', 'include', 'tools', 'tool_choice', 'metadata', 'instructions', 'conversation']) {
    yield { name: `deep objects in ${field}`, text: withField(minimal, field, DEEP_OBJECT), param: field };
  }
  yield { name: 'deep arrays as the body', text: DEEP_ARRAY };
  yield { name: 'deep arrays in an unknown field beside a bad model', text: `{"x_extra":${DEEP_ARRAY},"model":false}`, param: 'model' };
  yield { name: 'deep objects in a tool parameters beside a bad type', text: `{"model":"local-echo","tools":[{"type":"bogus","parameters":${DEEP_OBJECT}}]}`, param: 'tools' };
  for (const field of ['service_tier', 'truncation', 'safety_identifier', 'include', 'webhook_secret', 'top_p']) {
    const value = field === 'include' ? `[${HUGE_STRING}]` : HUGE_STRING;
    yield { name: `1 MB string in ${field}`, text: withField({ model: 'local-echo', input: 'hi', background: true, webhook_url: 'http://127.0.0.1:9/hook' }, field, value), param: field };
  }
  yield { name: '1 MB metadata value', text: withField(minimal, 'metadata', `{"k":${HUGE_STRING}}`), param: 'metadata' };
  yield { name: '1 MB instructions with a bad model', text: `{"model":null,"instructions":${HUGE_STRING}}`, param: 'model' };
  for (const text of NOT_OBJECT_BODIES) yield { name: `body ${JSON.stringify(text.slice(0, 40))}`, text };
  yield* PROTOTYPE_BODIES;
  yield { name: 'webhook_url without background', text: raw({ model: 'local-echo', webhook_url: 'http://127.0.0.1:9/hook' }), param: 'webhook_url' };
  yield { name: 'webhook_url not http', text: raw({ model: 'local-echo', background: true, webhook_url: 'ftp://127.0.0.1/hook' }), param: 'webhook_url' };
  yield { name: 'webhook_url not a URL', text: raw({ model: 'local-echo', background: true, webhook_url: 'javascript:alert(1)' }), param: 'webhook_url' };
  yield { name: 'webhook_secret too short', text: raw({ model: 'local-echo', background: true, webhook_url: 'http://127.0.0.1:9/hook', webhook_secret: 'short' }), param: 'webhook_secret' };
  yield { name: 'webhook_secret without webhook_url', text: raw({ model: 'local-echo', background: true, webhook_secret: 's'.repeat(20) }), param: 'webhook_secret' };
  yield { name: 'background with store false', text: raw({ model: 'local-echo', background: true, store: false }), param: 'background' };
  yield { name: 'conversation with previous_response_id', text: raw({ model: 'local-echo', conversation: 'conv_1', previous_response_id: 'resp_1' }), param: 'conversation' };
  yield { name: 'missing model', text: raw({ input: 'hi' }), param: 'model' };
  yield { name: 'null model', text: raw({ model: null, input: 'hi' }), param: 'model' };
}

/** Every invalid body, in a fixed order. */
export function listInvalidBodies(): InvalidBody[] {
  return [...generate()];
}

export interface EnvelopeCheck {
  ok: boolean;
  problem?: string;
}

/** The shared error envelope: exactly `{"error": {message, type, param, code}}` with the right value types. */
export function checkErrorEnvelope(text: string): EnvelopeCheck {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, problem: `not JSON: ${text.slice(0, 120)}` };
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return { ok: false, problem: `no error object: ${text.slice(0, 120)}` };
  if (typeof error.message !== 'string' || error.message.length === 0) return { ok: false, problem: 'message is not a non-empty string' };
  if (typeof error.type !== 'string') return { ok: false, problem: 'type is not a string' };
  if (error.param !== null && typeof error.param !== 'string') return { ok: false, problem: 'param is not a string or null' };
  if (error.code !== null && typeof error.code !== 'string') return { ok: false, problem: 'code is not a string or null' };
  return { ok: true };
}
