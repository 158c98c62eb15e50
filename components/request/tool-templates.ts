// The 14 tool kinds: a starting template with the known fields of each, and which fields the editor shows as controls.
import { COMPUTER_ENVIRONMENTS, TOOL_TYPES } from '@/lib/schema/constants';
import { isJsonObject, type JsonObject } from './body-path';

export type ToolType = (typeof TOOL_TYPES)[number];

export type ToolFieldSpec =
  | { key: string; kind: 'text' | 'number' | 'boolean' | 'schema' | 'json'; help: string }
  | { key: string; kind: 'select'; options: readonly string[]; help: string };

interface ToolTemplate {
  template: JsonObject;
  fields: readonly ToolFieldSpec[];
}

const deferLoading: ToolFieldSpec = { key: 'defer_loading', kind: 'boolean', help: 'Load the definition lazily through tool search.' };

export const TOOL_TEMPLATES: Record<ToolType, ToolTemplate> = {
  function: {
    template: { type: 'function', name: '', description: '', parameters: { type: 'object', properties: {}, required: [] }, strict: true },
    fields: [
      { key: 'name', kind: 'text', help: 'Name the model calls the function by (at most 128 characters).' },
      { key: 'description', kind: 'text', help: 'When and why to call it; the model reads this.' },
      { key: 'parameters', kind: 'schema', help: 'JSON Schema of the arguments, checked against the JSON Schema meta-schema.' },
      { key: 'strict', kind: 'boolean', help: 'true: arguments always match the schema exactly.' },
      deferLoading,
    ],
  },
  file_search: {
    template: { type: 'file_search', vector_store_ids: [] },
    fields: [
      { key: 'vector_store_ids', kind: 'json', help: 'Array of vector store ids to search.' },
      { key: 'max_num_results', kind: 'number', help: '1 to 50 results at most.' },
      { key: 'filters', kind: 'json', help: 'Attribute filter: comparison {type, key, value} or compound {type: and|or, filters}.' },
      { key: 'ranking_options', kind: 'json', help: '{ranker, score_threshold, hybrid_search}.' },
    ],
  },
  computer_use_preview: {
    template: { type: 'computer_use_preview', environment: 'browser', display_width: 1024, display_height: 768 },
    fields: [
      { key: 'environment', kind: 'select', options: COMPUTER_ENVIRONMENTS, help: 'Environment the computer runs.' },
      { key: 'display_width', kind: 'number', help: 'Screen width in pixels.' },
      { key: 'display_height', kind: 'number', help: 'Screen height in pixels.' },
    ],
  },
  web_search: {
    template: { type: 'web_search' },
    fields: [
      { key: 'search_context_size', kind: 'select', options: ['low', 'medium', 'high'], help: 'How much of the found pages goes into context (default medium).' },
      { key: 'filters', kind: 'json', help: '{"allowed_domains": ["example.com"]}.' },
      { key: 'user_location', kind: 'json', help: '{"type":"approximate","country":"DE","city":"Berlin"}.' },
    ],
  },
  mcp: {
    template: { type: 'mcp', server_label: '', server_url: '', require_approval: 'never' },
    fields: [
      { key: 'server_label', kind: 'text', help: 'Label of the MCP server; tool calls name it.' },
      { key: 'server_url', kind: 'text', help: 'URL of the server (or use connector_id in other fields).' },
      { key: 'server_description', kind: 'text', help: 'What the server offers.' },
      { key: 'authorization', kind: 'text', help: 'OAuth token for the server, if it needs one.' },
      { key: 'require_approval', kind: 'json', help: '"always", "never", or {always, never} filters.' },
      { key: 'allowed_tools', kind: 'json', help: 'Array of tool names, or {tool_names, read_only}.' },
      { key: 'headers', kind: 'json', help: 'Extra HTTP headers sent to the server.' },
      deferLoading,
    ],
  },
  code_interpreter: {
    template: { type: 'code_interpreter', container: { type: 'auto' } },
    fields: [{ key: 'container', kind: 'json', help: 'A container id, or {"type":"auto","file_ids":[],"memory_limit":"1g"}.' }],
  },
  image_generation: {
    template: { type: 'image_generation' },
    fields: [
      { key: 'model', kind: 'text', help: 'Image model, e.g. gpt-image-1.' },
      { key: 'size', kind: 'text', help: '1024x1024, 1024x1536, 1536x1024 or auto.' },
      { key: 'quality', kind: 'select', options: ['low', 'medium', 'high', 'auto'], help: 'Rendering quality.' },
      { key: 'output_format', kind: 'select', options: ['png', 'webp', 'jpeg'], help: 'Image encoding.' },
      { key: 'background', kind: 'select', options: ['transparent', 'opaque', 'auto'], help: 'Background of the image.' },
      { key: 'partial_images', kind: 'number', help: '0 to 3 partial images while streaming.' },
    ],
  },
  local_shell: { template: { type: 'local_shell' }, fields: [] },
  shell: {
    template: { type: 'shell' },
    fields: [{ key: 'environment', kind: 'json', help: '{"type":"container_auto"}, {"type":"local"} or {"type":"container_reference","container_id":"..."}.' }],
  },
  custom: {
    template: { type: 'custom', name: '', description: '' },
    fields: [
      { key: 'name', kind: 'text', help: 'Name the model calls the tool by.' },
      { key: 'description', kind: 'text', help: 'When and why to call it.' },
      { key: 'format', kind: 'json', help: '{"type":"text"} or {"type":"grammar","syntax":"lark"|"regex","definition":"..."}.' },
      deferLoading,
    ],
  },
  web_search_preview: {
    template: { type: 'web_search_preview' },
    fields: [
      { key: 'search_context_size', kind: 'select', options: ['low', 'medium', 'high'], help: 'How much of the found pages goes into context.' },
      { key: 'user_location', kind: 'json', help: '{"type":"approximate","country":"DE"}.' },
    ],
  },
  hosted: {
    template: { type: 'hosted', name: '' },
    fields: [{ key: 'name', kind: 'text', help: 'Name of the gateway-hosted tool (gateway extension).' }],
  },
  sleep: { template: { type: 'sleep' }, fields: [] },
  history: { template: { type: 'history' }, fields: [] },
};

export function createTool(type: ToolType): JsonObject {
  return structuredClone(TOOL_TEMPLATES[type].template);
}

export function findToolTemplate(tool: unknown): ToolTemplate | undefined {
  if (!isJsonObject(tool) || typeof tool.type !== 'string') return undefined;
  return (TOOL_TEMPLATES as Record<string, ToolTemplate | undefined>)[tool.type];
}

/** The keys of a tool the editor shows no control for (edited as free JSON, never dropped). */
export function pickOtherToolFields(tool: unknown): JsonObject {
  if (!isJsonObject(tool)) return {};
  const shown = new Set(['type', ...(findToolTemplate(tool)?.fields.map((field) => field.key) ?? [])]);
  return Object.fromEntries(Object.entries(tool).filter(([key]) => !shown.has(key)));
}

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
