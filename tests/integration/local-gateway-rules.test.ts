import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, readSse, startTestGateway, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway?.close();
});

async function expectError(response: Response, status: number, expected: { param?: string | null; code?: string | null; message?: RegExp }) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: { message: string; type: string; param: string | null; code: string | null } };
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  if (expected.param !== undefined) expect(body.error.param).toBe(expected.param);
  if (expected.code !== undefined) expect(body.error.code).toBe(expected.code);
  if (expected.message) expect(body.error.message).toMatch(expected.message);
  return body.error;
}

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await callGateway(gateway, '/responses', { body, headers });
  expect(response.status).toBe(200);
  return (await response.json()) as OpenAI.Responses.Response & { usage: OpenAI.Responses.ResponseUsage; store: boolean };
}

describe('auth and headers', () => {
  it('answers 401 invalid_api_key for a missing or unknown key', async () => {
    await expectError(await callGateway(gateway, '/responses', { body: { model: 'local-agent' }, headers: { authorization: '' } }), 401, { code: 'invalid_api_key' });
    await expectError(await callGateway(gateway, '/models', { headers: { authorization: 'Bearer sk-other' } }), 401, { code: 'invalid_api_key' });
  });

  it('validates X-On-Behalf-Of', async () => {
    await expectError(await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'x' }, headers: { 'x-on-behalf-of': 'a'.repeat(300) } }), 400, { param: 'X-On-Behalf-Of' });
  });

  it('lists the local models', async () => {
    const body = (await (await callGateway(gateway, '/models')).json()) as { object: string; data: Record<string, unknown>[] };
    expect(body.object).toBe('list');
    expect(body.data[0]).toEqual({ id: 'local-agent', object: 'model', owned_by: 'local', description: expect.any(String), context_window: expect.any(Number) });
  });
});

describe('paths', () => {
  it('answers a malformed percent-escape with the error envelope, not a 500: 400 naming id in the id, 404 elsewhere', async () => {
    await expectError(await callGateway(gateway, '/responses/%E0'), 400, { param: 'id', code: 'invalid_id' });
    await expectError(await callGateway(gateway, '/responses/%E0/cancel', { method: 'POST' }), 400, { param: 'id', code: 'invalid_id' });
    await expectError(await callGateway(gateway, '/responses/%zz/input_items'), 400, { param: 'id', code: 'invalid_id' });
    await expectError(await callGateway(gateway, '/responses/resp_1/%E0'), 404, { code: 'not_found' });
    await expectError(await callGateway(gateway, '/mod%E0els'), 404, { code: 'not_found' });
    await expectError(await callGateway(gateway, '/responses/resp_unseen%20x'), 404, { param: 'response_id' });
  });
});

describe('create validation', () => {
  it('rejects bad JSON, unknown parameters and schema failures with the field path', async () => {
    await expectError(await callGateway(gateway, '/responses', { body: '{"model":' }), 400, { param: null });
    await expectError(await create400({ model: 'local-agent', input: 'x', colour: 'blue' }), 400, { param: 'colour', code: 'unknown_parameter', message: /Unknown parameter: 'colour'/ });
    await expectError(await create400({ model: 'local-agent', input: 'x', max_tool_calls: 0 }), 400, { param: 'max_tool_calls' });
    await expectError(await create400({ model: 'local-agent', input: 'x', webhook_url: 'http://127.0.0.1:1/x' }), 400, { param: 'webhook_url' });
  });

  it('rejects an unknown model naming the available ones', async () => {
    await expectError(await create400({ model: 'gpt-4o', input: 'x' }), 400, { param: 'model', code: 'model_not_found', message: /local-agent/ });
  });

  it('rejects webhook targets outside the allowed list', async () => {
    await expectError(await create400({ model: 'local-agent', input: 'x', background: true, webhook_url: 'https://example.com/hook' }), 400, { param: 'webhook_url' });
  });

  it('rejects unknown prompts and resolves known ones', async () => {
    await expectError(await create400({ model: 'local-agent', input: 'x', prompt: { id: 'pmpt_unknown' } }), 400, { param: 'prompt.id' });
    const response = await create({ model: 'local-agent', input: 'Weather please', prompt: { id: 'pmpt_weather', variables: { city: 'Lima', units: 'metric' } } });
    expect(response.prompt).toEqual({ id: 'pmpt_weather', version: '2', variables: { city: 'Lima', units: 'metric' } });
    expect(response.instructions).toBeNull();
  });

  it('needs an output for every function call in the context', async () => {
    const input = [
      { role: 'user', content: 'weather?' },
      { type: 'function_call', call_id: 'call_abc', name: 'get_weather', arguments: '{}' },
    ];
    await expectError(await create400({ model: 'local-agent', input }), 400, { param: 'input', message: /No tool output found for function call call_abc/ });
    const answered = await create({ model: 'local-agent', input: [...input, { type: 'function_call_output', call_id: 'call_abc', output: '{"temp":21}' }] });
    expect(answered.status).toBe('completed');
  });

  it('truncation: disabled fails over the window, auto drops the oldest items', async () => {
    const long = 'lorem ipsum dolor sit amet '.repeat(2_000);
    const input = Array.from({ length: 12 }, (_value, index) => ({ role: 'user', content: `${index} ${long}` }));
    await expectError(await create400({ model: 'local-echo', input, truncation: 'disabled' }), 400, { code: 'context_length_exceeded' });
    const fitted = await create({ model: 'local-echo', input, truncation: 'auto' });
    expect(fitted.status).toBe('completed');
    expect(fitted.usage.input_tokens).toBeLessThanOrEqual(32_000);
    expect(fitted.usage.input_tokens).toBeGreaterThan(10_000);
  });
});

function create400(body: unknown) {
  return callGateway(gateway, '/responses', { body });
}

describe('response object', () => {
  it('echoes request settings and applies defaults', async () => {
    const response = await create({
      model: 'local-agent',
      input: 'hi',
      service_tier: 'flex',
      safety_identifier: 'user-hash-1',
      user: 'legacy-user',
      metadata: { a: 'b' },
      temperature: 0.3,
      instructions: 'Be brief.',
      presence_penalty: 0.5,
    });
    expect(response).toMatchObject({ service_tier: 'flex', safety_identifier: 'user-hash-1', user: 'legacy-user', metadata: { a: 'b' }, temperature: 0.3, instructions: 'Be brief.', presence_penalty: 0.5 });
    expect(response).toMatchObject({ store: true, background: false, previous_response_id: null, max_output_tokens: null, usage: { input_tokens_details: { cached_tokens: 0 } } });
  });

  it('reports cached tokens for a repeated prefix under the same prompt_cache_key', async () => {
    const body = { model: 'local-agent', instructions: 'You are a careful assistant. '.repeat(40), input: 'What is 2+2?', prompt_cache_key: `k-${Date.now()}` };
    const first = await create(body);
    const second = await create(body);
    expect(first.usage.input_tokens_details.cached_tokens).toBe(0);
    expect(second.usage.input_tokens_details.cached_tokens).toBeGreaterThan(100);
    expect(second.usage.input_tokens_details.cached_tokens).toBeLessThanOrEqual(second.usage.input_tokens);
  });

  it('store: false is not retrievable and cannot be continued', async () => {
    const response = await create({ model: 'local-agent', input: 'ephemeral', store: false });
    expect(response.store).toBe(false);
    await expectError(await callGateway(gateway, `/responses/${response.id}`), 404, { message: /not found/ });
    await expectError(await create400({ model: 'local-agent', input: 'next', previous_response_id: response.id }), 400, { param: 'previous_response_id', message: /store: false/ });
  });

  it('previous_response_id brings the earlier turn into context', async () => {
    const first = await create({ model: 'local-agent', input: 'My favourite colour is teal.' });
    const second = await create({ model: 'local-agent', input: 'What did I ask before?', previous_response_id: first.id });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.usage.input_tokens).toBeGreaterThan(first.usage.input_tokens + first.usage.output_tokens - 1);
    expect(second.output_text).toContain('teal');
    await expectError(await create400({ model: 'local-agent', input: 'x', previous_response_id: 'resp_nope' }), 400, { param: 'previous_response_id', message: /Previous response with id 'resp_nope' not found/ });
  });

  it('conversations are created on first use and collect the turns', async () => {
    const conversation = `conv_test_${Date.now()}`;
    const first = await create({ model: 'local-agent', input: 'Remember the word pineapple.', conversation });
    expect(first.conversation).toEqual({ id: conversation });
    const second = await create({ model: 'local-agent', input: 'What did I say before?', conversation: { id: conversation } });
    expect(second.output_text).toContain('pineapple');
    const other = await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'x', conversation }, headers: { 'x-on-behalf-of': 'mallory' } });
    await expectError(other, 400, { param: 'conversation' });
  });
});

describe('owner scoping', () => {
  it('another X-On-Behalf-Of gets 404 everywhere and cannot chain', async () => {
    const mine = await create({ model: 'local-agent', input: 'private', background: true }, { 'x-on-behalf-of': 'alice' });
    const bob = { 'x-on-behalf-of': 'bob' };
    await expectError(await callGateway(gateway, `/responses/${mine.id}`, { headers: bob }), 404, {});
    await expectError(await callGateway(gateway, `/responses/${mine.id}/input_items`, { headers: bob }), 404, {});
    await expectError(await callGateway(gateway, `/responses/${mine.id}/cancel`, { method: 'POST', headers: bob }), 404, {});
    await expectError(await callGateway(gateway, `/responses/${mine.id}`, { method: 'DELETE', headers: bob }), 404, {});
    await expectError(await create400Headers({ model: 'local-agent', input: 'x', previous_response_id: mine.id }, bob), 400, { param: 'previous_response_id' });
    expect((await callGateway(gateway, `/responses/${mine.id}`, { headers: { 'x-on-behalf-of': 'alice' } })).status).toBe(200);
  });
});

function create400Headers(body: unknown, headers: Record<string, string>) {
  return callGateway(gateway, '/responses', { body, headers });
}

describe('streaming', () => {
  it('frames SSE as event + one data line, numbered from 0, no [DONE]', async () => {
    const response = await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'stream please', stream: true } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const { records, raw } = await readSse(response);
    expect(raw.startsWith('event: response.created\ndata: {')).toBe(true);
    expect(raw).not.toContain('[DONE]');
    expect(raw.endsWith('\n\n')).toBe(true);
    for (const [index, record] of records.entries()) {
      expect(record.data.type).toBe(record.event);
      expect(record.data.sequence_number).toBe(index);
    }
    expect(records.at(-1)?.event).toBe('response.completed');
    expect(records.some((record) => record.event === 'response.output_text.delta' && typeof record.data.obfuscation === 'string')).toBe(true);
  });

  it('stream_options.include_obfuscation: false removes the padding', async () => {
    const response = await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'stream please', stream: true, stream_options: { include_obfuscation: false } } });
    const { records } = await readSse(response);
    expect(records.filter((record) => record.event.endsWith('.delta')).every((record) => !('obfuscation' in record.data))).toBe(true);
  });

  it('answers 429 with Retry-After and 500 before any byte', async () => {
    const limited = await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'simulate rate limit', stream: true } });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    await expectError(limited, 429, { code: 'rate_limit_exceeded' });
    await expectError(await callGateway(gateway, '/responses', { body: { model: 'local-server-error', input: 'x' } }), 500, {});
  });

  it('drops a stream mid-way without a terminal event', async () => {
    const response = await callGateway(gateway, '/responses', { body: { model: 'local-drop', input: 'tell me a story', stream: true } });
    expect(response.status).toBe(200);
    const text = await response.text().catch(() => 'dropped');
    expect(text).not.toContain('response.completed');
  });

  it('a slow first token still streams the whole answer', async () => {
    const { records } = await readSse(await callGateway(gateway, '/responses', { body: { model: 'local-slow', input: 'hello', stream: true } }));
    expect(records.at(-1)?.event).toBe('response.completed');
    expect(records.some((record) => record.event === 'response.output_text.delta')).toBe(true);
  });

  it('re-streaming or cancelling a foreground response is a 400', async () => {
    const response = await create({ model: 'local-agent', input: 'x' });
    await expectError(await callGateway(gateway, `/responses/${response.id}?stream=true`), 400, { param: 'stream' });
    await expectError(await callGateway(gateway, `/responses/${response.id}/cancel`, { method: 'POST' }), 400, {});
  });

  it('rejects a bad input_items limit and unknown routes', async () => {
    const response = await create({ model: 'local-agent', input: 'x' });
    await expectError(await callGateway(gateway, `/responses/${response.id}/input_items?limit=101`), 400, { param: 'limit' });
    await expectError(await callGateway(gateway, `/responses/${response.id}/input_items?order=up`), 400, { param: 'order' });
    await expectError(await callGateway(gateway, `/responses/${response.id}?include[]=nope`), 400, { param: 'include' });
    expect((await callGateway(gateway, `/responses/${response.id}?include[]=reasoning.encrypted_content`)).status).toBe(200);
    await expectError(await callGateway(gateway, '/nothing-here'), 404, {});
  });
});
