// Enumerations and numeric bounds of the interface spec, read by the schemas, the request form and the docs.

export const INCLUDE_VALUES = [
  'web_search_call.action.sources',
  'code_interpreter_call.outputs',
  'computer_call_output.output.image_url',
  'file_search_call.results',
  'message.input_image.image_url',
  'message.output_text.logprobs',
  'reasoning.encrypted_content',
] as const;

/** The 14 tool definition kinds of the spec, by their canonical wire name. */
export const TOOL_TYPES = [
  'function',
  'file_search',
  'computer_use_preview',
  'web_search',
  'mcp',
  'code_interpreter',
  'image_generation',
  'local_shell',
  'shell',
  'custom',
  'web_search_preview',
  'hosted',
  'sleep',
  'history',
] as const;

/** Other wire names accepted for a kind (dated or GA variants of the same tool). */
export const TOOL_TYPE_ALIASES = {
  computer: 'computer_use_preview',
  web_search_2025_08_26: 'web_search',
  web_search_preview_2025_03_11: 'web_search_preview',
} as const satisfies Record<string, (typeof TOOL_TYPES)[number]>;

export const TOOL_CHOICE_MODES = ['none', 'auto', 'required'] as const;
export const ALLOWED_TOOLS_MODES = ['auto', 'required'] as const;

/** tool_choice `{type}` forms that select a built-in tool rather than a named one. */
export const HOSTED_TOOL_CHOICE_TYPES = [
  'file_search',
  'web_search',
  'web_search_2025_08_26',
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'computer',
  'computer_use',
  'computer_use_preview',
  'code_interpreter',
  'image_generation',
  'local_shell',
  'shell',
  'hosted',
  'sleep',
  'history',
] as const;

export const SERVICE_TIERS = ['auto', 'default', 'flex', 'priority'] as const;
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export const REASONING_SUMMARIES = ['auto', 'concise', 'detailed'] as const;
export const TRUNCATION_MODES = ['auto', 'disabled'] as const;
export const MODALITIES = ['text', 'audio'] as const;
export const VERBOSITIES = ['low', 'medium', 'high'] as const;
export const INPUT_ROLES = ['user', 'assistant', 'system', 'developer'] as const;
export const IMAGE_DETAILS = ['low', 'high', 'auto', 'original'] as const;
export const AUDIO_INPUT_FORMATS = ['mp3', 'wav'] as const;
export const COMPUTER_ENVIRONMENTS = ['windows', 'mac', 'linux', 'ubuntu', 'browser'] as const;

export const RESPONSE_STATUSES = ['queued', 'in_progress', 'completed', 'failed', 'incomplete', 'cancelled'] as const;
export const TERMINAL_STATUSES = ['completed', 'failed', 'incomplete', 'cancelled'] as const;

export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(status: unknown): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly unknown[]).includes(status);
}

/** Every bound of the interface spec's Limits table plus those this project adopts (docs/protocol.md, "Field bounds"). */
export const LIMITS = {
  max_tool_calls: { min: 1, max: 300, default: 64 },
  max_output_tokens: { min: 1, max: Number.MAX_SAFE_INTEGER },
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
  top_logprobs: { min: 0, max: 20 },
  presence_penalty: { min: -2, max: 2 },
  frequency_penalty: { min: -2, max: 2 },
  webhook_secret: { minLength: 16, maxLength: 256 },
  context_management: { maxItems: 1 },
  compact_threshold: { min: 1000 },
  metadata: { maxPairs: 16, keyMaxLength: 64, valueMaxLength: 512 },
  safety_identifier: { maxLength: 64 },
  function_name: { maxLength: 128 },
  json_schema_name: { maxLength: 64 },
  partial_images: { min: 0, max: 3 },
  max_num_results: { min: 1, max: 50 },
  output_compression: { min: 0, max: 100 },
  on_behalf_of: { maxLength: 256 },
} as const;
