import { describe, expect, it } from 'vitest';
import { INCLUDE_VALUES, SERVICE_TIERS, createResponseBodySchema, listCreateResponseBodyIssues, parseCreateResponseBody } from '@/lib/schema';
import { body, expectAccepted, expectRejected } from './helpers';

describe('create response body', () => {
  it('requires a non-empty model', () => {
    const error = expectRejected({ input: 'hi' }, 'model', 'missing_required_parameter');
    expect(error.message).toBe("Missing required parameter: 'model'.");
    expectRejected({ model: '' }, 'model', 'string_below_min_length');
    expectRejected({ model: 4 }, 'model', 'invalid_type');
  });

  it('rejects a body that is not an object, with no param', () => {
    for (const value of [null, [], 'model', 3]) expectRejected(value, null, 'invalid_type');
  });

  it('preserves unknown top-level fields untouched', () => {
    const extra = { moderation: 'auto', prompt_cache_options: { ttl: 60 }, list: [1, 'a'] };
    const parsed = expectAccepted(body(extra));
    expect(parsed).toMatchObject(extra);
    expect(createResponseBodySchema.parse(body(extra))).toEqual(body(extra));
  });

  it.each(INCLUDE_VALUES)('accepts include value %s', (value) => {
    expect(expectAccepted(body({ include: [value] })).include).toEqual([value]);
  });

  it('has exactly the 7 include values of the spec and rejects others', () => {
    expect(INCLUDE_VALUES).toHaveLength(7);
    expectAccepted(body({ include: [...INCLUDE_VALUES] }));
    const error = expectRejected(body({ include: ['web_search_call.results'] }), 'include[0]', 'invalid_value');
    expect(error.message).toContain("'reasoning.encrypted_content'");
  });

  it('rejects booleans given as strings', () => {
    for (const field of ['stream', 'store', 'background', 'parallel_tool_calls', 'auto_routing', 'auto_routing_debug']) {
      expectAccepted(body({ [field]: false }));
      expectRejected(body({ [field]: 'true' }), field, 'invalid_type');
    }
    expectRejected(body({ stream_options: { include_obfuscation: 'no' } }), 'stream_options.include_obfuscation', 'invalid_type');
  });

  it('validates the enums', () => {
    for (const tier of SERVICE_TIERS) expectAccepted(body({ service_tier: tier }));
    expectRejected(body({ service_tier: 'scale' }), 'service_tier', 'invalid_value');
    expectAccepted(body({ truncation: 'disabled' }));
    expectRejected(body({ truncation: 'off' }), 'truncation', 'invalid_value');
  });

  it('validates reasoning, tolerating nulls', () => {
    expectAccepted(body({ reasoning: { effort: 'minimal', summary: 'detailed' } }));
    expectAccepted(body({ reasoning: { effort: null, summary: null } }));
    expectRejected(body({ reasoning: { effort: 'extreme' } }), 'reasoning.effort', 'invalid_value');
    expectRejected(body({ reasoning: { summary: 'short' } }), 'reasoning.summary', 'invalid_value');
  });

  describe('text', () => {
    const jsonSchema = { type: 'json_schema', name: 'weather_report', schema: { type: 'object', properties: {} } };

    it('accepts each format and verbosity', () => {
      expectAccepted(body({ text: { format: { type: 'text' }, verbosity: 'low' } }));
      expectAccepted(body({ text: { format: { type: 'json_object' } } }));
      expectAccepted(body({ text: { format: { ...jsonSchema, description: 'd', strict: null } } }));
      expectRejected(body({ text: { verbosity: 'loud' } }), 'text.verbosity', 'invalid_value');
      expectRejected(body({ text: { format: { type: 'yaml' } } }), 'text.format.type', 'invalid_value');
    });

    it('bounds the json_schema name at 64 characters of [a-zA-Z0-9_-]', () => {
      expectAccepted(body({ text: { format: { ...jsonSchema, name: 'n'.repeat(64) } } }));
      expectRejected(body({ text: { format: { ...jsonSchema, name: 'n'.repeat(65) } } }), 'text.format.name', 'string_above_max_length');
      expectRejected(body({ text: { format: { ...jsonSchema, name: 'has space' } } }), 'text.format.name', 'invalid_value');
      expectRejected(body({ text: { format: { ...jsonSchema, name: undefined } } }), 'text.format.name', 'missing_required_parameter');
    });

    it('requires an object schema', () => {
      expectRejected(body({ text: { format: { ...jsonSchema, schema: 'x' } } }), 'text.format.schema', 'invalid_type');
      expectRejected(body({ text: { format: { ...jsonSchema, strict: 'yes' } } }), 'text.format.strict', 'invalid_type');
    });
  });

  it('validates prompt', () => {
    expectAccepted(
      body({
        prompt: {
          id: 'pmpt_1',
          version: null,
          variables: { city: 'Paris', note: { type: 'input_text', text: 'x' }, img: { type: 'input_image', file_id: 'f' } },
        },
      }),
    );
    expectRejected(body({ prompt: { version: '2' } }), 'prompt.id', 'missing_required_parameter');
    expectRejected(body({ prompt: { id: 'p', variables: { n: 3 } } }), 'prompt.variables.n', 'invalid_type');
  });

  it('validates conversation forms', () => {
    expectAccepted(body({ conversation: 'conv_1' }));
    expectRejected(body({ conversation: {} }), 'conversation.id', 'missing_required_parameter');
    expectRejected(body({ conversation: 3 }), 'conversation', 'invalid_type');
  });

  it('validates modalities without duplicates, and audio loosely', () => {
    expectAccepted(body({ modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'mp3', speed: 1 } }));
    expectRejected(body({ modalities: ['video'] }), 'modalities[0]', 'invalid_value');
    expectRejected(body({ modalities: ['text', 'text'] }), 'modalities', 'invalid_value');
    expectRejected(body({ audio: { voice: 3 } }), 'audio.voice', 'invalid_type');
  });

  it('accepts the identifier strings', () => {
    expectAccepted(body({ prompt_cache_key: 'k', safety_identifier: 'u', user: 'legacy', instructions: 'Be brief.' }));
    expectRejected(body({ user: 1 }), 'user', 'invalid_type');
  });

  it('lists every issue at once, each with param, code and message', () => {
    const issues = listCreateResponseBodyIssues({
      temperature: 3,
      top_p: -1,
      stream: 'true',
      tools: [{ type: 'function', name: 'f' }],
      metadata: { foo: 'x'.repeat(513) },
    });
    expect(issues.map(({ param, code }) => ({ param, code }))).toEqual([
      { param: 'model', code: 'missing_required_parameter' },
      { param: 'stream', code: 'invalid_type' },
      { param: 'tools[0].parameters', code: 'missing_required_parameter' },
      { param: 'temperature', code: 'decimal_above_max_value' },
      { param: 'top_p', code: 'decimal_below_min_value' },
      { param: 'metadata.foo', code: 'string_above_max_length' },
    ]);
    for (const issue of issues) expect(issue.message).toContain(`'${issue.param}'`);
    expect(listCreateResponseBodyIssues(body())).toEqual([]);
  });

  it('returns the first issue as one error envelope', () => {
    expect(parseCreateResponseBody(body({ top_logprobs: 21 }))).toEqual({
      ok: false,
      error: {
        error: {
          message: "Invalid 'top_logprobs': 21 is above the maximum of 20.",
          type: 'invalid_request_error',
          param: 'top_logprobs',
          code: 'integer_above_max_value',
        },
      },
    });
  });
});
