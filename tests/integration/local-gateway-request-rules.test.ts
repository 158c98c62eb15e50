// Rules the real service enforces that the local gateway must enforce too, so the playground teaches no habit the real one punishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, readSse, startTestGateway, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;
let paced: TestGateway;

beforeAll(async () => {
  [gateway, paced] = await Promise.all([startTestGateway(), startTestGateway({ tokensPerSecond: 25 })]);
});
afterAll(async () => {
  await Promise.all([gateway?.close(), paced?.close()]);
});

type ErrorBody = { error: { message: string; type: string; param: string | null; code: string | null } };

async function refused(body: Record<string, unknown>, on: TestGateway = gateway): Promise<ErrorBody['error']> {
  const response = await callGateway(on, '/responses', { body });
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as ErrorBody;
  expect(error.type).toBe('invalid_request_error');
  return error;
}

async function accepted(body: Record<string, unknown>, on: TestGateway = gateway): Promise<{ id: string; status: string; output_text: string; metadata: Record<string, string> }> {
  const response = await callGateway(on, '/responses', { body });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; status: string; output_text: string; metadata: Record<string, string> };
}

const weather = { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } };

describe('tools and tool_choice', () => {
  it("refuses tool_choice 'required' with no tools", async () => {
    expect(await refused({ model: 'local-agent', input: 'x', tool_choice: 'required' })).toMatchObject({ param: 'tool_choice', code: 'invalid_combination' });
    expect(await refused({ model: 'local-agent', input: 'x', tool_choice: 'required', tools: [] })).toMatchObject({ param: 'tool_choice' });
  });

  it('refuses a hosted tool_choice for a tool that is not offered', async () => {
    const error = await refused({ model: 'local-agent', input: 'x', tools: [weather], tool_choice: { type: 'file_search' } });
    expect(error).toMatchObject({ param: 'tool_choice', code: 'invalid_combination', message: expect.stringContaining('file_search') });
    expect(await refused({ model: 'local-agent', input: 'x', tools: [{ type: 'web_search' }], tool_choice: { type: 'code_interpreter' } })).toMatchObject({ param: 'tool_choice' });
    const ok = await accepted({ model: 'local-agent', input: 'x', tools: [{ type: 'web_search_preview' }], tool_choice: { type: 'web_search_preview' } });
    expect(ok.status).toBe('completed');
  });

  it('refuses two tools with the same name, naming the second', async () => {
    const error = await refused({ model: 'local-agent', input: 'x', tools: [weather, { type: 'custom', name: 'lookup' }, { ...weather, description: 'again' }] });
    expect(error).toMatchObject({ param: 'tools[2].name', code: 'duplicate_tool_name', message: expect.stringContaining("'get_weather'") });
    expect(await refused({ model: 'local-agent', input: 'x', tools: [{ type: 'custom', name: 'get_weather' }, weather] })).toMatchObject({ param: 'tools[1].name' });
  });

  it('refuses a tool output that answers no call, naming the input item', async () => {
    const error = await refused({ model: 'local-agent', input: [{ type: 'function_call_output', call_id: 'call_nowhere', output: '21' }, { role: 'user', content: 'and?' }] });
    expect(error).toMatchObject({ param: 'input[0].call_id', code: 'tool_call_not_found', message: expect.stringContaining('call_nowhere') });
    const custom = await refused({ model: 'local-agent', input: [{ type: 'custom_tool_call_output', call_id: 'call_x', output: 'x' }] });
    expect(custom).toMatchObject({ param: 'input[0].call_id' });
    const computer = await refused({ model: 'local-agent', input: [{ type: 'computer_call_output', call_id: 'call_y', output: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AA==' } }] });
    expect(computer).toMatchObject({ param: 'input[0].call_id' });
  });

  it('accepts a tool output answering a call of the previous response', async () => {
    const first = await accepted({ model: 'local-agent', input: 'use the weather tool for Paris', tools: [weather] });
    const call = (await (await callGateway(gateway, `/responses/${first.id}`)).json()) as { output: { type: string; call_id: string }[] };
    const callId = call.output.find((item) => item.type === 'function_call')?.call_id;
    expect(callId).toBeTruthy();
    const second = await accepted({ model: 'local-agent', previous_response_id: first.id, tools: [weather], input: [{ type: 'function_call_output', call_id: callId, output: '{"temp":21}' }] });
    expect(second.status).toBe('completed');
  });
});

describe('model and format options', () => {
  it('refuses reasoning options on a model that does not reason', async () => {
    const error = await refused({ model: 'local-agent', input: 'x', reasoning: { effort: 'high' } });
    expect(error).toMatchObject({ param: 'reasoning.effort', code: 'unsupported_parameter', message: expect.stringContaining('local-reasoner') });
    expect(await refused({ model: 'local-echo-q4', input: 'x', reasoning: { summary: 'auto' } })).toMatchObject({ param: 'reasoning.summary' });
    expect((await accepted({ model: 'local-reasoner', input: 'x', reasoning: { effort: 'high', summary: 'auto' } })).status).toBe('completed');
    expect((await accepted({ model: 'local-agent', input: 'x', reasoning: { effort: null } })).status).toBe('completed');
  });

  it("refuses json_object when neither instructions nor messages say 'JSON'", async () => {
    const format = { text: { format: { type: 'json_object' } } };
    expect(await refused({ model: 'local-agent', input: 'give me data', ...format })).toMatchObject({ param: 'input', code: 'invalid_combination' });
    const viaInput = await accepted({ model: 'local-agent', input: 'give me the data as json', ...format });
    expect(JSON.parse(viaInput.output_text)).toEqual(expect.any(Object));
    expect((await accepted({ model: 'local-agent', instructions: 'Answer in JSON.', input: 'give me data', ...format })).status).toBe('completed');
  });

  it('refuses stream_options unless stream is true', async () => {
    expect(await refused({ model: 'local-agent', input: 'x', stream_options: { include_obfuscation: false } })).toMatchObject({ param: 'stream_options', code: 'invalid_combination' });
    expect(await refused({ model: 'local-agent', input: 'x', stream: false, background: true, stream_options: {} })).toMatchObject({ param: 'stream_options' });
  });

  it('keeps the routing decision within the metadata bound and never over a key of the user', async () => {
    const routed = { model: 'local-agent', input: 'x', auto_routing: true, auto_routing_debug: true };
    const fifteen = Object.fromEntries(Array.from({ length: 15 }, (_value, index) => [`k${index}`, `v${index}`]));
    const fits = await accepted({ ...routed, metadata: fifteen });
    expect(Object.keys(fits.metadata)).toHaveLength(16);
    expect(fits.metadata).toMatchObject(fifteen);
    expect(JSON.parse(fits.metadata.auto_routing_debug ?? '')).toMatchObject({ tier: expect.any(String) });
    expect(await refused({ ...routed, metadata: { ...fifteen, k15: 'v15' } })).toMatchObject({ param: 'metadata', code: 'invalid_combination' });
    expect(await refused({ ...routed, metadata: { auto_routing_debug: 'mine' } })).toMatchObject({ param: 'metadata.auto_routing_debug' });
    expect((await accepted({ model: 'local-agent', input: 'x', auto_routing_debug: true, metadata: { auto_routing_debug: 'mine' } })).metadata).toEqual({ auto_routing_debug: 'mine' });
  });
});

describe('previous_response_id', () => {
  it('refuses a previous response still queued or in progress, naming its status', async () => {
    const running = await accepted({ model: 'local-agent', input: 'Explain background jobs in detail, step by step.', background: true }, paced);
    const error = await refused({ model: 'local-agent', input: 'next', previous_response_id: running.id }, paced);
    expect(error).toMatchObject({ param: 'previous_response_id', code: 'previous_response_not_finished' });
    expect(error.message).toMatch(new RegExp(`'${running.id}' is still (queued|in_progress)`));
    await callGateway(paced, `/responses/${running.id}/cancel`, { method: 'POST' });
  });

  it('continues at once from a stream that just completed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { records } = await readSse(await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: `round ${round}`, stream: true } }));
      const id = (records.at(-1)?.data.response as { id: string }).id;
      expect((await accepted({ model: 'local-agent', input: 'what did I ask before?', previous_response_id: id })).output_text).toContain(`round ${round}`);
    }
  });

  it('names both the id sent and the deleted earlier turn', async () => {
    const first = await accepted({ model: 'local-agent', input: 'one' });
    const second = await accepted({ model: 'local-agent', input: 'two', previous_response_id: first.id });
    expect((await callGateway(gateway, `/responses/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    const error = await refused({ model: 'local-agent', input: 'three', previous_response_id: second.id });
    expect(error).toMatchObject({ param: 'previous_response_id', code: 'previous_response_not_found' });
    expect(error.message).toContain(`'${second.id}'`);
    expect(error.message).toContain(`'${first.id}'`);
  });
});
