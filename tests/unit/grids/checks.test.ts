// Every check a grid offers, passing and failing, with the reason a user reads beside the verdict.
import { describe, expect, it } from 'vitest';
import { describeCheck } from '@/lib/grids/check-words';
import { calledTools, evaluateCheck, evaluateChecks, type CellOutcome } from '@/lib/grids/checks';
import { gridCheckSchema, type GridCheck } from '@/lib/schema/grid';

const outcome = (fields: Partial<CellOutcome> = {}): CellOutcome => ({
  status: 'completed',
  outputText: 'Hello! How can I help you today?',
  items: [],
  ttftMs: 120,
  totalMs: 900,
  outputTokens: 12,
  textFormat: undefined,
  ...fields,
});

const check = (value: unknown): GridCheck => gridCheckSchema.parse(value);
const judge = (raw: unknown, fields: Partial<CellOutcome> = {}) => evaluateCheck(check(raw), outcome(fields));

const WEATHER_SCHEMA = { type: 'json_schema', name: 'weather', schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'], additionalProperties: false } };

describe('text checks', () => {
  it('contains ignores case unless case_sensitive, and quotes the output when it fails', () => {
    expect(judge({ type: 'contains', value: 'hello' })).toEqual({ type: 'contains', pass: true, reason: 'found "hello"' });
    const strict = judge({ type: 'contains', value: 'hello', case_sensitive: true });
    expect(strict.pass).toBe(false);
    expect(strict.reason).toBe('"hello" not found in "Hello! How can I help you today?"');
    expect(judge({ type: 'contains', value: 'x' }, { outputText: '' })).toMatchObject({ pass: false, reason: 'the output has no text' });
  });

  it('not_contains is the opposite, and passes on an empty output', () => {
    expect(judge({ type: 'not_contains', value: 'sorry' }).pass).toBe(true);
    expect(judge({ type: 'not_contains', value: 'HOW CAN' })).toEqual({ type: 'not_contains', pass: false, reason: 'found "HOW CAN"' });
    expect(judge({ type: 'not_contains', value: 'HOW CAN', case_sensitive: true }).pass).toBe(true);
    expect(judge({ type: 'not_contains', value: 'x' }, { outputText: '' }).pass).toBe(true);
  });

  it('regex matches with its flags and shows what matched', () => {
    expect(judge({ type: 'regex', value: '^hello!', flags: 'i' })).toEqual({ type: 'regex', pass: true, reason: 'matched "Hello!"' });
    expect(judge({ type: 'regex', value: '^hello!' }).pass).toBe(false);
    expect(judge({ type: 'regex', value: '\\d+' }).reason).toBe('no match in "Hello! How can I help you today?"');
  });

  it('a regex that does not compile, or unknown flags, are refused when the grid is saved, naming the field', () => {
    expect(gridCheckSchema.safeParse({ type: 'regex', value: '(' }).error?.issues[0]?.path).toEqual(['value']);
    expect(gridCheckSchema.safeParse({ type: 'regex', value: 'a', flags: 'g' }).error?.issues[0]?.path).toEqual(['flags']);
  });

  it('equals compares the trimmed text, ignoring case unless case_sensitive', () => {
    expect(judge({ type: 'equals', value: 'hello! how can i help you today?' }, { outputText: '  Hello! How can I help you today?\n' }).pass).toBe(true);
    expect(judge({ type: 'equals', value: 'hello! how can i help you today?', case_sensitive: true }).pass).toBe(false);
    expect(judge({ type: 'equals', value: 'Hello' })).toMatchObject({ pass: false, reason: 'the output is "Hello! How can I help you today?"' });
  });

  it('quotes at most 60 characters of a long output', () => {
    const reason = judge({ type: 'contains', value: 'zzz' }, { outputText: 'word '.repeat(100) }).reason;
    expect(reason).toBe(`"zzz" not found in ${JSON.stringify(`${'word '.repeat(12)}…`)}`);
  });
});

describe('JSON checks', () => {
  it('is_json passes on any JSON value and says why text is not JSON', () => {
    expect(judge({ type: 'is_json' }, { outputText: '{"a":1}' })).toEqual({ type: 'is_json', pass: true, reason: 'valid JSON' });
    expect(judge({ type: 'is_json' }, { outputText: '[1, 2]' }).pass).toBe(true);
    const failed = judge({ type: 'is_json' }, { outputText: 'Hello {' });
    expect(failed.pass).toBe(false);
    expect(failed.reason).toMatch(/^not JSON \(.+\)$/);
    expect(judge({ type: 'is_json' }, { outputText: '' }).reason).toBe('the output has no text');
  });

  it('matches_schema validates the output against the request text.format JSON schema', () => {
    expect(judge({ type: 'matches_schema' }, { outputText: '{"city":"Paris","celsius":21}', textFormat: WEATHER_SCHEMA })).toEqual({ type: 'matches_schema', pass: true, reason: 'the output matches the schema weather' });
    const missing = judge({ type: 'matches_schema' }, { outputText: '{"city":"Paris"}', textFormat: WEATHER_SCHEMA });
    expect(missing.pass).toBe(false);
    expect(missing.reason).toBe("the output must have required property 'celsius'");
    const wrongType = judge({ type: 'matches_schema' }, { outputText: '{"city":"Paris","celsius":"warm"}', textFormat: WEATHER_SCHEMA });
    expect(wrongType.reason).toBe('/celsius must be number');
    expect(judge({ type: 'matches_schema' }, { outputText: 'warm', textFormat: WEATHER_SCHEMA }).reason).toMatch(/^the output is not JSON/);
  });

  it('matches_schema fails with a reason when the request has no json_schema format', () => {
    expect(judge({ type: 'matches_schema' }, { outputText: '{}', textFormat: { type: 'json_object' } })).toMatchObject({ pass: false, reason: 'the request has no text.format of type json_schema to check against' });
    expect(judge({ type: 'matches_schema' }, { outputText: '{}' }).pass).toBe(false);
  });
});

describe('status, time and token checks', () => {
  it('status compares the cell status, completed by default', () => {
    expect(check({ type: 'status' })).toEqual({ type: 'status', value: 'completed' });
    expect(judge({ type: 'status' })).toEqual({ type: 'status', pass: true, reason: 'status completed' });
    expect(judge({ type: 'status', value: 'completed' }, { status: 'failed' })).toEqual({ type: 'status', pass: false, reason: 'status failed, not completed' });
    expect(judge({ type: 'status', value: 'incomplete' }, { status: 'incomplete' }).pass).toBe(true);
  });

  it('ttft_under, total_time_under and output_tokens_under pass strictly below the limit and fail without a measure', () => {
    expect(judge({ type: 'ttft_under', value: 200 })).toEqual({ type: 'ttft_under', pass: true, reason: 'first token 120 ms < 200 ms' });
    expect(judge({ type: 'ttft_under', value: 120 })).toEqual({ type: 'ttft_under', pass: false, reason: 'first token 120 ms is not under 120 ms' });
    expect(judge({ type: 'ttft_under', value: 100 }, { ttftMs: null })).toEqual({ type: 'ttft_under', pass: false, reason: 'no first token was measured' });
    expect(judge({ type: 'total_time_under', value: 1000 }, { totalMs: 999.6 }).reason).toBe('total time 1000 ms < 1000 ms');
    expect(judge({ type: 'total_time_under', value: 500 }).pass).toBe(false);
    expect(judge({ type: 'output_tokens_under', value: 13 })).toEqual({ type: 'output_tokens_under', pass: true, reason: 'output token count 12 < 13' });
    expect(judge({ type: 'output_tokens_under', value: 12 }).pass).toBe(false);
    expect(judge({ type: 'output_tokens_under', value: 12 }, { outputTokens: null }).reason).toBe('no output token count was measured');
  });

  it('limits must be positive whole numbers', () => {
    expect(gridCheckSchema.safeParse({ type: 'ttft_under', value: 0 }).success).toBe(false);
    expect(gridCheckSchema.safeParse({ type: 'output_tokens_under', value: 1.5 }).success).toBe(false);
  });
});

describe('tool_called', () => {
  const items = [
    { type: 'function_call', name: 'get_weather', arguments: '{}' },
    { type: 'web_search_call', status: 'completed' },
    { type: 'mcp_call', name: 'lookup', server_label: 'docs' },
    { type: 'message', content: [] },
  ];

  it('names function, custom and MCP tools by name and built-in tools by type', () => {
    expect(calledTools(items)).toEqual(['get_weather', 'web_search', 'lookup']);
  });

  it('passes when the named tool was called, by name, tool type or call type', () => {
    expect(judge({ type: 'tool_called', value: 'get_weather' }, { items })).toEqual({ type: 'tool_called', pass: true, reason: 'get_weather was called' });
    expect(judge({ type: 'tool_called', value: 'web_search' }, { items }).pass).toBe(true);
    expect(judge({ type: 'tool_called', value: 'web_search_call' }, { items }).pass).toBe(true);
    expect(judge({ type: 'tool_called', value: 'lookup' }, { items }).pass).toBe(true);
  });

  it('fails naming what was called instead, or that nothing was', () => {
    expect(judge({ type: 'tool_called', value: 'get_time' }, { items })).toMatchObject({ pass: false, reason: 'called get_weather, web_search, lookup, not get_time' });
    expect(judge({ type: 'tool_called', value: 'get_weather' }).reason).toBe('no tool was called');
  });
});

describe('describeCheck and evaluateChecks', () => {
  it('says each check in words, or its label', () => {
    expect(describeCheck(check({ type: 'contains', value: 'hello' }))).toBe('contains "hello" (any case)');
    expect(describeCheck(check({ type: 'equals', value: 'Yes', case_sensitive: true }))).toBe('equals "Yes"');
    expect(describeCheck(check({ type: 'regex', value: '^a', flags: 'i' }))).toBe('matches /^a/i');
    expect(describeCheck(check({ type: 'ttft_under', value: 500 }))).toBe('first token under 500 ms');
    expect(describeCheck(check({ type: 'status', label: 'finished' }))).toBe('finished');
  });

  it('gives one verdict per check, in order', () => {
    const verdicts = evaluateChecks([check({ type: 'contains', value: 'hello' }), check({ type: 'status', value: 'failed' })], outcome());
    expect(verdicts.map((verdict) => [verdict.type, verdict.pass])).toEqual([
      ['contains', true],
      ['status', false],
    ]);
  });
});
