import { describe, expect, it } from 'vitest';
import { countItemTokens, itemEvents } from '@/lib/local-gateway/agent';
import type { TurnPlan } from '@/lib/local-gateway/agent/contract';
import { plan, replayThroughSdk, userMessage, WEATHER_TOOL } from './helpers';

/** Item-level event types of the public Responses event catalogue (docs/protocol.md, "Streaming"). */
const CATALOGUE = new Set([
  'response.output_item.added', 'response.output_item.done', 'response.content_part.added', 'response.content_part.done',
  'response.output_text.delta', 'response.output_text.done', 'response.output_text.annotation.added',
  'response.refusal.delta', 'response.refusal.done',
  'response.function_call_arguments.delta', 'response.function_call_arguments.done',
  'response.custom_tool_call_input.delta', 'response.custom_tool_call_input.done',
  'response.mcp_call_arguments.delta', 'response.mcp_call_arguments.done',
  'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta', 'response.reasoning_summary_text.done', 'response.reasoning_summary_part.done',
  'response.web_search_call.in_progress', 'response.web_search_call.searching', 'response.web_search_call.completed',
  'response.file_search_call.in_progress', 'response.file_search_call.searching', 'response.file_search_call.completed',
  'response.code_interpreter_call.in_progress', 'response.code_interpreter_call_code.delta', 'response.code_interpreter_call_code.done',
  'response.code_interpreter_call.interpreting', 'response.code_interpreter_call.completed',
  'response.image_generation_call.in_progress', 'response.image_generation_call.generating', 'response.image_generation_call.partial_image', 'response.image_generation_call.completed',
  'response.mcp_list_tools.in_progress', 'response.mcp_list_tools.completed', 'response.mcp_list_tools.failed',
  'response.mcp_call.in_progress', 'response.mcp_call.completed', 'response.mcp_call.failed',
  'response.audio.delta', 'response.audio.done', 'response.audio.transcript.delta', 'response.audio.transcript.done',
]);
const UNSCOPED = new Set(['response.output_item.added', 'response.output_item.done', 'response.audio.delta', 'response.audio.done', 'response.audio.transcript.delta', 'response.audio.transcript.done']);

const KITCHEN_SINK: [string, TurnPlan][] = [
  ['reasoning + function call', plan({ model: 'local-reasoner', input: 'weather in Paris', tools: [WEATHER_TOOL], reasoning: { summary: 'auto' }, include: ['reasoning.encrypted_content'] })],
  ['all built-ins', plan({
    input: 'search the web, search my files, calculate 3 + 4 and draw it',
    tools: [{ type: 'web_search' }, { type: 'file_search', vector_store_ids: ['vs_1'] }, { type: 'code_interpreter', container: 'cntr_1' }, { type: 'image_generation' }],
    include: ['web_search_call.action.sources', 'file_search_call.results', 'code_interpreter_call.outputs', 'message.output_text.logprobs'],
    top_logprobs: 2,
    modalities: ['text', 'audio'],
  })],
  ['client tools', plan({ input: 'use all tools', tools: [{ type: 'custom', name: 'grep' }, { type: 'computer' }, { type: 'local_shell' }, { type: 'shell' }] })],
  ['mcp call', plan({ input: 'ask the mcp server', tools: [{ type: 'mcp', server_label: 'docs', server_url: 'https://example.com', require_approval: 'never' }] })],
  ['compaction + refusal', plan({ input: 'please refuse', context_management: [{ type: 'compaction' }] }, [userMessage('please refuse')], { inputTokens: 5000 })],
  ['cut by budget', plan({ model: 'local-reasoner', input: 'hi', reasoning: { summary: 'detailed', effort: 'minimal' }, max_output_tokens: 40 })],
];

describe.each(KITCHEN_SINK)('stream invariants: %s', (_name, turn) => {
  it('uses catalogue types, scoped ids, padding on deltas only, tokens adding up, and replays in the SDK', () => {
    const options = { obfuscation: true, partialImages: 2 };
    turn.items.forEach((item, index) => {
      const events = itemEvents(item, index, options);
      expect(events[0]!.event.type).toBe('response.output_item.added');
      expect(events.at(-1)!.event).toEqual({ type: 'response.output_item.done', output_index: index, item });
      const added = events[0]!.event.item as { id: string; type: string };
      expect(added.id).toBe(item.id);
      expect(added.type).toBe(item.type);
      for (const { event } of events) {
        expect(CATALOGUE.has(event.type), event.type).toBe(true);
        expect('sequence_number' in event).toBe(false);
        if (!UNSCOPED.has(event.type)) expect(event).toMatchObject({ item_id: item.id, output_index: index });
        if ('obfuscation' in event) expect(event.type.endsWith('.delta')).toBe(true);
      }
      expect(events.reduce((sum, e) => sum + e.tokens, 0)).toBe(countItemTokens([item]));
    });
    expect(replayThroughSdk(turn, options).output).toEqual(turn.items);
  });
});
