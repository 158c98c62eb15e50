// The 14 tool kinds: a template of each that is valid the moment it is added (a real get_weather function, a labelled MCP
// server), and which fields the editor shows as controls.
import { COMPUTER_ENVIRONMENTS, TOOL_TYPES } from '@/lib/schema/constants';
import { isJsonObject, type JsonObject } from './body-path';

export type ToolType = (typeof TOOL_TYPES)[number];

export type ToolFieldSpec =
  | { key: string; kind: 'text' | 'number' | 'boolean' | 'schema' | 'json' | 'approval'; help: string; isSecret?: boolean }
  | { key: string; kind: 'select'; options: readonly string[]; help: string };

interface ToolTemplate {
  template: JsonObject;
  fields: readonly ToolFieldSpec[];
}

const deferLoading: ToolFieldSpec = { key: 'defer_loading', kind: 'boolean', help: 'Load the definition lazily through tool search.' };

export const TOOL_TEMPLATES: Record<ToolType, ToolTemplate> = {
  function: {
    template: {
      type: 'function',
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name, e.g. Paris' },
          units: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature units' },
        },
        required: ['city', 'units'],
        additionalProperties: false,
      },
      strict: true,
    },
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
    template: { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', server_description: 'Documentation search', require_approval: 'always' },
    fields: [
      { key: 'server_label', kind: 'text', help: 'Label of the MCP server; tool calls name it.' },
      { key: 'server_url', kind: 'text', help: 'URL of the server (or use connector_id in other fields).' },
      { key: 'server_description', kind: 'text', help: 'What the server offers.' },
      { key: 'authorization', kind: 'text', isSecret: true, help: 'OAuth token for the server, if it needs one.' },
      { key: 'require_approval', kind: 'approval', help: 'always: ask before every call; never: call without asking; per tool: {"always": {"tool_names": [...]}, "never": {...}}.' },
      { key: 'allowed_tools', kind: 'json', help: 'Array of tool names, or {tool_names, read_only}.' },
      { key: 'headers', kind: 'json', isSecret: true, help: 'Extra HTTP headers sent to the server.' },
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
    template: { type: 'custom', name: 'run_sql', description: 'Run a read-only SQL query and return the rows.', format: { type: 'text' } },
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
    template: { type: 'hosted', name: 'calculator' },
    fields: [{ key: 'name', kind: 'text', help: 'Name of the gateway-hosted tool (gateway extension).' }],
  },
  sleep: { template: { type: 'sleep' }, fields: [] },
  history: { template: { type: 'history' }, fields: [] },
};

/** A new tool of `type`; a named one gets a name no tool in `existing` has (get_weather, get_weather_2, ...), since names must be unique. */
export function createTool(type: ToolType, existing: readonly unknown[] = []): JsonObject {
  const tool = structuredClone(TOOL_TEMPLATES[type].template);
  const key = typeof tool.name === 'string' ? 'name' : typeof tool.server_label === 'string' ? 'server_label' : null;
  if (!key) return tool;
  const taken = new Set(existing.flatMap((entry) => (isJsonObject(entry) && typeof entry[key] === 'string' ? [entry[key]] : [])));
  const base = String(tool[key]);
  let name = base;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
  tool[key] = name;
  return tool;
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

export { describeToolChoice, toolChoiceFor } from './tool-choice';
export { createJsonSchemaFormat } from './json-schema-format';
