import { describe, expect, it } from 'vitest';
import { countItemTokens } from '@/lib/local-gateway/agent';
import { assertToolOutputs, fitContext, normalizeInput, PromptCache } from '@/lib/local-gateway/context';
import { ApiError } from '@/lib/schema';

const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

describe('context assembly', () => {
  it('turns a string into a user message item with an id', () => {
    const [item] = normalizeInput('hello');
    expect(item).toMatchObject({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] });
    expect(item?.id).toMatch(/^msg_/);
  });

  it('normalizes easy messages and keeps given ids', () => {
    const items = normalizeInput([
      { role: 'assistant', content: 'earlier answer' },
      { type: 'function_call_output', call_id: 'call_1', output: 'x', id: 'fco_given' },
    ]);
    expect(items[0]).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'earlier answer', annotations: [] }] });
    expect(items[1]?.id).toBe('fco_given');
  });

  it('requires an output for each function call', () => {
    const call = { type: 'function_call', call_id: 'call_9', name: 'f', arguments: '{}' };
    expect(() => assertToolOutputs([], [user('hi'), call])).toThrow(/No tool output found for function call call_9/);
    expect(() => assertToolOutputs([user('hi'), call], [{ type: 'function_call_output', call_id: 'call_9', output: '1' }])).not.toThrow();
  });

  it.each([
    ['function_call_output', 'function_call'],
    ['custom_tool_call_output', 'custom_tool_call'],
    ['computer_call_output', 'computer_call'],
    ['shell_call_output', 'shell_call'],
  ])('refuses a %s that answers no %s, naming the input item', (outputType, callType) => {
    const output = { type: outputType, call_id: 'call_orphan', output: 'x' };
    try {
      assertToolOutputs([user('earlier')], [user('hi'), output]);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).status).toBe(400);
      expect(error).toMatchObject({ param: 'input[1].call_id', code: 'tool_call_not_found', message: expect.stringContaining(`No ${callType} found`) });
    }
    const wrongKind = { type: callType === 'function_call' ? 'custom_tool_call' : 'function_call', call_id: 'call_orphan', name: 'f', arguments: '{}', input: '' };
    expect(() => assertToolOutputs([], [wrongKind, output])).toThrow(/No .* found for/);
    const call = { type: callType, call_id: 'call_orphan', name: 'f', arguments: '{}', input: '' };
    expect(() => assertToolOutputs([user('hi'), call], [output])).not.toThrow();
  });

  it('drops the oldest items under truncation auto, and refuses under disabled', () => {
    const items = Array.from({ length: 10 }, (_value, index) => user(`${index} ${'word '.repeat(100)}`));
    const window = countItemTokens(items.slice(-3)) + 5;
    const fitted = fitContext(items, null, window, 'auto');
    expect(fitted.context).toEqual(items.slice(-3));
    expect(fitted.inputTokens).toBeLessThanOrEqual(window);
    try {
      fitContext(items, null, window, 'disabled');
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).code).toBe('context_length_exceeded');
    }
  });
});

describe('prompt cache', () => {
  it('reports the tokens of the shared prefix under one key only', () => {
    const cache = new PromptCache();
    const first = [user('alpha '.repeat(50)), user('question one')];
    const second = [user('alpha '.repeat(50)), user('question two')];
    expect(cache.lookup('k', 'be brief', first)).toBe(0);
    const cached = cache.lookup('k', 'be brief', normalizeInput(second));
    expect(cached).toBeGreaterThan(40);
    expect(cached).toBeLessThan(countItemTokens(second) + 10);
    expect(cache.lookup('other', 'be brief', second)).toBe(0);
  });
});
