// Stream events of tool items: argument/input/code deltas and the hosted-tool progress events (docs/protocol.md, "Streaming").
import type { ItemEventOptions, JsonObject, OutputItem } from '../contract';
import { renderPatternBase64 } from '../png';
import type { Emitter } from './emitter';

function text(item: OutputItem, key: string): string {
  const value = item[key];
  return typeof value === 'string' ? value : '';
}

export function functionCallEvents(emit: Emitter, item: OutputItem): void {
  const args = text(item, 'arguments');
  emit.deltas('response.function_call_arguments.delta', args);
  emit.scoped('response.function_call_arguments.done', { arguments: args, name: item.name });
}

export function customToolCallEvents(emit: Emitter, item: OutputItem): void {
  const input = text(item, 'input');
  emit.deltas('response.custom_tool_call_input.delta', input);
  emit.scoped('response.custom_tool_call_input.done', { input });
}

export function mcpCallEvents(emit: Emitter, item: OutputItem): void {
  const args = text(item, 'arguments');
  emit.scoped('response.mcp_call.in_progress');
  emit.deltas('response.mcp_call_arguments.delta', args);
  emit.scoped('response.mcp_call_arguments.done', { arguments: args });
  emit.scoped(item.status === 'failed' ? 'response.mcp_call.failed' : 'response.mcp_call.completed');
}

export function mcpListToolsEvents(emit: Emitter, item: OutputItem): void {
  emit.scoped('response.mcp_list_tools.in_progress');
  emit.scoped(item.error ? 'response.mcp_list_tools.failed' : 'response.mcp_list_tools.completed');
}

export function searchEvents(emit: Emitter, kind: 'web_search_call' | 'file_search_call'): void {
  emit.scoped(`response.${kind}.in_progress`);
  emit.scoped(`response.${kind}.searching`);
  emit.scoped(`response.${kind}.completed`);
}

export function codeInterpreterEvents(emit: Emitter, item: OutputItem): void {
  const code = text(item, 'code');
  emit.scoped('response.code_interpreter_call.in_progress');
  emit.deltas('response.code_interpreter_call_code.delta', code);
  emit.scoped('response.code_interpreter_call_code.done', { code });
  emit.scoped('response.code_interpreter_call.interpreting');
  emit.scoped('response.code_interpreter_call.completed');
}

/** Partial images are the same seeded pattern drawn down to an increasing row. */
export function imageGenerationEvents(emit: Emitter, item: OutputItem, options: ItemEventOptions): void {
  emit.scoped('response.image_generation_call.in_progress');
  emit.scoped('response.image_generation_call.generating');
  const count = Math.min(3, Math.max(0, Math.floor(options.partialImages)));
  const echo: JsonObject = {};
  for (const key of ['size', 'quality', 'background', 'output_format']) if (item[key] !== undefined) echo[key] = item[key];
  for (let index = 0; index < count; index += 1) {
    emit.scoped('response.image_generation_call.partial_image', {
      partial_image_index: index,
      partial_image_b64: renderPatternBase64(item.id, (index + 1) / (count + 1)),
      ...echo,
    });
  }
  emit.scoped('response.image_generation_call.completed');
}
