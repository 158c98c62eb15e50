// The request settings a stored response echoes (GET /api/responses/{id}), as a body to import; defaults-only and empty echoes are left out.
const ECHOED_FIELDS = [
  'model', 'instructions', 'conversation', 'previous_response_id', 'prompt', 'text', 'background', 'store', 'tools',
  'tool_choice', 'parallel_tool_calls', 'max_tool_calls', 'reasoning', 'max_output_tokens', 'temperature', 'top_p',
  'top_logprobs', 'truncation', 'context_management', 'presence_penalty', 'frequency_penalty', 'service_tier',
  'prompt_cache_key', 'safety_identifier', 'metadata', 'user',
] as const;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

export function settingsFromResponse(response: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of ECHOED_FIELDS) {
    let value = response[field];
    if (isEmpty(value)) continue;
    if (field === 'conversation' && typeof value === 'object' && value !== null && 'id' in value) value = (value as { id: unknown }).id;
    if (field === 'reasoning' || field === 'text') {
      value = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, entry]) => !isEmpty(entry)));
    }
    out[field] = value;
  }
  return out;
}

/** A pasted JSON object: a request body as it is, or a response object (object: "response") reduced to its echoed settings. */
export function bodyFromPastedJson(value: Record<string, unknown>): { body: Record<string, unknown>; isResponse: boolean } {
  if (value.object === 'response' && typeof value.id === 'string') return { body: settingsFromResponse(value), isResponse: true };
  return { body: value, isResponse: false };
}
