import { describe, expect, it } from 'vitest';
import { itemEvents } from '@/lib/local-gateway/agent';
import type { OutputItem } from '@/lib/local-gateway/agent/contract';
import { makeAjv, plan, replayThroughSdk, STOCK_TOOL, texts, userMessage, WEATHER_TOOL } from './helpers';

const TOOLS = [WEATHER_TOOL, STOCK_TOOL];

function calls(items: OutputItem[]): OutputItem[] {
  return items.filter((item) => item.type === 'function_call');
}

describe('function tools', () => {
  it('auto calls the tool the input asks for, with arguments valid for its schema', async () => {
    const turn = plan({ input: 'Use the weather tool for Paris', tools: TOOLS });
    expect(turn.items).toHaveLength(1);
    const [call] = turn.items;
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(call!.id).toMatch(/^fc_/);
    expect(call!.call_id).toMatch(/^call_/);
    const args = JSON.parse(String(call!.arguments));
    expect(args).toMatchObject({ location: 'Paris', unit: 'celsius' });
    const ajv = await makeAjv();
    expect(ajv.validate(WEATHER_TOOL.parameters, args)).toBe(true);
  });

  it('validates generated arguments for a schema with formats, bounds and $ref', async () => {
    const schema = {
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number', exclusiveMinimum: 0 }, y: { type: 'integer', multipleOf: 5 } }, required: ['x', 'y'] } },
      properties: {
        id: { type: 'string', format: 'uuid' },
        at: { type: 'string', format: 'date-time' },
        email: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        origin: { $ref: '#/$defs/point' },
        mode: { anyOf: [{ type: 'null' }, { type: 'string', enum: ['fast', 'slow'] }] },
        flag: { type: ['boolean', 'null'] },
      },
      required: ['id', 'at', 'email', 'tags', 'origin', 'mode', 'flag'],
      additionalProperties: false,
    };
    const tool = { type: 'function', name: 'plot_point', description: 'Plot a point', parameters: schema };
    const turn = plan({ input: 'plot a point please', tools: [tool], tool_choice: 'required' });
    const ajv = await makeAjv();
    const args = JSON.parse(String(turn.items[0]!.arguments));
    expect(ajv.validate(schema, args), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('matches a function by the words of its description', () => {
    const turn = plan({ input: 'What is the latest price of ACME stock?', tools: TOOLS });
    expect(calls(turn.items).map((c) => c.name)).toEqual(['get_stock_price']);
  });

  it('tool_choice none never calls, auto without a match answers, required always calls', () => {
    const input = 'Use the weather tool for Paris';
    expect(calls(plan({ input, tools: TOOLS, tool_choice: 'none' }).items)).toHaveLength(0);
    const unrelated = plan({ input: 'Tell me a joke', tools: TOOLS, tool_choice: 'auto' });
    expect(unrelated.items.map((i) => i.type)).toEqual(['message']);
    const required = plan({ input: 'Tell me a joke', tools: TOOLS, tool_choice: 'required' });
    expect(calls(required.items).map((c) => c.name)).toEqual(['get_weather']);
  });

  it('a specific tool_choice calls that tool', () => {
    const turn = plan({ input: 'Use the weather tool', tools: TOOLS, tool_choice: { type: 'function', name: 'get_stock_price' } });
    expect(calls(turn.items).map((c) => c.name)).toEqual(['get_stock_price']);
  });

  it('allowed_tools restricts the candidates', () => {
    const turn = plan({
      input: 'hello',
      tools: TOOLS,
      tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'get_stock_price' }] },
    });
    expect(calls(turn.items).map((c) => c.name)).toEqual(['get_stock_price']);
  });

  it('parallel_tool_calls true issues several calls, false at most one', () => {
    const input = 'Check the weather and the stock price';
    const parallel = plan({ input, tools: TOOLS });
    expect(calls(parallel.items).map((c) => c.name)).toEqual(['get_weather', 'get_stock_price']);
    const ids = parallel.items.map((c) => c.call_id);
    expect(new Set(ids).size).toBe(2);
    const serial = plan({ input, tools: TOOLS, parallel_tool_calls: false });
    expect(calls(serial.items)).toHaveLength(1);
  });

  it('streams function_call_arguments deltas that concatenate to the arguments', () => {
    const turn = plan({ input: 'Use the weather tool for Paris', tools: TOOLS });
    const call = turn.items[0]!;
    const events = itemEvents(call, 0, { obfuscation: true, partialImages: 0 });
    expect(events[0]!.event).toMatchObject({ type: 'response.output_item.added', item: { id: call.id, call_id: call.call_id, arguments: '', status: 'in_progress' } });
    expect(texts(events, 'response.function_call_arguments.delta')).toBe(call.arguments);
    expect(events.at(-2)!.event).toMatchObject({ type: 'response.function_call_arguments.done', item_id: call.id, arguments: call.arguments });
    expect(events.at(-1)!.event.item).toEqual(call);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('answers from a function_call_output in the context', () => {
    const first = plan({ input: 'Use the weather tool for Paris', tools: TOOLS });
    const call = first.items[0]!;
    const context = [userMessage('Use the weather tool for Paris'), call, { type: 'function_call_output', call_id: call.call_id, output: '{"temp":21}' }];
    const turn = plan({ tools: TOOLS }, context);
    expect(turn.items.map((i) => i.type)).toEqual(['message']);
    const text = (turn.items[0]!.content as { text: string }[])[0]!.text;
    expect(text).toContain('The get_weather tool returned {"temp":21}');
  });

  it('local-echo never calls tools', () => {
    const turn = plan({ model: 'local-echo', input: 'Use the weather tool', tools: TOOLS, tool_choice: 'required' });
    expect(turn.items.map((i) => i.type)).toEqual(['message']);
  });

  it('custom tools get a custom_tool_call whose input deltas concatenate to the input', () => {
    const tool = { type: 'custom', name: 'code_exec', description: 'Executes arbitrary python code' };
    const turn = plan({ input: 'Use code_exec to print hello', tools: [tool] });
    const call = turn.items[0]!;
    expect(call).toMatchObject({ type: 'custom_tool_call', name: 'code_exec', input: 'Use code_exec to print hello' });
    const events = itemEvents(call, 0, { obfuscation: false, partialImages: 0 });
    expect(texts(events, 'response.custom_tool_call_input.delta')).toBe(call.input);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });
});
