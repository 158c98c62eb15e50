// itemEvents: the exact stream event sequence of one output item, from output_item.added to output_item.done.
import type { ItemEvent, ItemEventOptions, JsonObject, OutputItem } from '../contract';
import { countTokensOfItem } from '../tokens';
import { createEmitter, type Emitter } from './emitter';
import { messagePartEvents } from './message';
import {
  codeInterpreterEvents,
  customToolCallEvents,
  functionCallEvents,
  imageGenerationEvents,
  mcpCallEvents,
  mcpListToolsEvents,
  searchEvents,
} from './tools';

/** The item as announced by output_item.added: in progress, with empty text, arguments and results. */
export function initialItem(item: OutputItem): OutputItem {
  const started: OutputItem = { ...item };
  if ('status' in item) started.status = 'in_progress';
  switch (item.type) {
    case 'message':
      return { ...started, content: [] };
    case 'reasoning': {
      const { encrypted_content: _encrypted, ...rest } = started;
      return { ...rest, summary: [], status: 'in_progress' } as OutputItem;
    }
    case 'function_call':
    case 'mcp_call':
      return { ...started, arguments: '', ...(item.type === 'mcp_call' ? { output: null, error: null } : {}) };
    case 'custom_tool_call':
      return { ...started, input: '' };
    case 'code_interpreter_call':
      return { ...started, code: '', outputs: null };
    case 'file_search_call':
      return { ...started, results: null };
    case 'image_generation_call':
      return { ...started, result: null };
    case 'web_search_call': {
      const action = (item.action ?? {}) as JsonObject;
      const { sources: _sources, ...bare } = action;
      return { ...started, action: bare };
    }
    case 'mcp_list_tools':
      return { ...started, tools: [] };
    default:
      return started;
  }
}

function reasoningEvents(emit: Emitter, item: OutputItem): void {
  const summary = Array.isArray(item.summary) ? (item.summary as JsonObject[]) : [];
  summary.forEach((part, summaryIndex) => {
    const text = typeof part.text === 'string' ? part.text : '';
    const at = { summary_index: summaryIndex };
    emit.scoped('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
    emit.deltas('response.reasoning_summary_text.delta', text, at);
    emit.scoped('response.reasoning_summary_text.done', { ...at, text });
    emit.scoped('response.reasoning_summary_part.done', {
      ...at,
      part: { type: 'summary_text', text },
      ...(item.status === 'incomplete' && summaryIndex === summary.length - 1 ? { status: 'incomplete' } : {}),
    });
  });
}

function bodyEvents(emit: Emitter, item: OutputItem, options: ItemEventOptions): void {
  switch (item.type) {
    case 'message':
      return messagePartEvents(emit, Array.isArray(item.content) ? (item.content as JsonObject[]) : []);
    case 'reasoning':
      return reasoningEvents(emit, item);
    case 'function_call':
      return functionCallEvents(emit, item);
    case 'custom_tool_call':
      return customToolCallEvents(emit, item);
    case 'mcp_call':
      return mcpCallEvents(emit, item);
    case 'mcp_list_tools':
      return mcpListToolsEvents(emit, item);
    case 'web_search_call':
    case 'file_search_call':
      return searchEvents(emit, item.type);
    case 'code_interpreter_call':
      return codeInterpreterEvents(emit, item);
    case 'image_generation_call':
      return imageGenerationEvents(emit, item, options);
    default:
      // computer_call, local_shell_call, shell_call, mcp_approval_request, compaction: added then done.
      return;
  }
}

/**
 * Events of one output item, without sequence_number. The done item is a copy of `item`;
 * token counts of all events add up to the item's generated tokens (the rest lands on done).
 */
export function itemEvents(item: OutputItem, outputIndex: number, options: ItemEventOptions): ItemEvent[] {
  const emit = createEmitter(item, outputIndex, options);
  emit.plain('response.output_item.added', { output_index: outputIndex, item: initialItem(item) });
  bodyEvents(emit, item, options);
  const streamed = emit.events.reduce((sum, entry) => sum + entry.tokens, 0);
  const remaining = Math.max(0, countTokensOfItem(item) - streamed);
  emit.plain('response.output_item.done', { output_index: outputIndex, item: structuredClone(item) }, remaining);
  return emit.events;
}
