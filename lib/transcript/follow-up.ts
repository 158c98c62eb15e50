// Builds the body of a follow-up turn: the last request's settings chained to the last response.
import type { JsonObject } from './types';

/**
 * Keeps every setting of `previous` (model, tools, tool_choice, text, reasoning, ...) and replaces
 * the input. A conversation carries the thread itself; otherwise previous_response_id does.
 */
export function buildFollowUpBody(previous: JsonObject, previousResponseId: string | null, input: unknown): JsonObject {
  const { input: _input, previous_response_id: _previous, ...settings } = previous;
  if (settings.conversation !== undefined || previousResponseId === null) return { ...settings, input };
  return { ...settings, previous_response_id: previousResponseId, input };
}

export function functionCallOutput(callId: string, output: string, kind: 'function_call' | 'custom_tool_call' = 'function_call'): JsonObject {
  return { type: kind === 'custom_tool_call' ? 'custom_tool_call_output' : 'function_call_output', call_id: callId, output };
}

export function mcpApprovalResponse(approvalRequestId: string, approve: boolean): JsonObject {
  return { type: 'mcp_approval_response', approval_request_id: approvalRequestId, approve };
}

const ECHOED_SETTINGS = ['model', 'instructions', 'tools', 'tool_choice', 'text', 'reasoning', 'parallel_tool_calls', 'max_output_tokens', 'max_tool_calls', 'temperature', 'top_p', 'top_logprobs', 'truncation', 'store', 'background', 'service_tier'];

/** Settings of a request rebuilt from the response's echo, for threads opened from a stored response. */
export function settingsFromResponse(response: JsonObject, stream: boolean): JsonObject {
  const settings: JsonObject = { stream };
  for (const key of ECHOED_SETTINGS) {
    const value = response[key];
    if (value !== null && value !== undefined) settings[key] = value;
  }
  if (Array.isArray(settings.tools) && settings.tools.length === 0) delete settings.tools;
  return settings;
}
