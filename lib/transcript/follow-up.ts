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
