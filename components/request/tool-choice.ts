// The tool_choice that picks one tool of the list, and its label: read by the Tools section on every render, so kept apart from the tool templates.
import { isJsonObject, type JsonObject } from './body-path';

/** The tool_choice object that selects this tool, or null when the kind cannot be picked by itself. */
export function toolChoiceFor(tool: unknown): JsonObject | null {
  if (!isJsonObject(tool) || typeof tool.type !== 'string') return null;
  if (tool.type === 'function' || tool.type === 'custom') return { type: tool.type, name: tool.name };
  if (tool.type === 'mcp') return { type: 'mcp', server_label: tool.server_label };
  return { type: tool.type };
}

export function describeToolChoice(choice: JsonObject): string {
  const name = choice.name ?? choice.server_label;
  return typeof name === 'string' && name ? `${choice.type}: ${name}` : String(choice.type);
}
