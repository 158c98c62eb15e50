// Explains known gateway errors (chain, tool-output, webhook, rate-limit, model) and suggests the fix.
import type { RunError } from './run-types';

export function hintForError(error: Pick<RunError, 'message' | 'code' | 'param' | 'httpStatus' | 'retryAfterSeconds'>): string | null {
  const message = error.message.toLowerCase();
  const code = (error.code ?? '').toLowerCase();
  const param = (error.param ?? '').toLowerCase();
  if (param.includes('previous_response_id') || message.includes('previous response')) {
    return 'The previous response cannot be continued. It was probably created with store: false (or on behalf of another user), so the gateway never kept it. Re-run that turn with store: true, or send the earlier items in input instead of previous_response_id.';
  }
  if (message.includes('function call') && message.includes('output') || code.includes('tool_output') || message.includes('tool output')) {
    return 'The previous response ended with a function call that has no output. Answer it first: use "Reply with output" to send a function_call_output with the same call_id.';
  }
  if (param.includes('webhook') || message.includes('webhook')) {
    return 'webhook_url is only valid with background: true (which needs store: true), and webhook_secret needs webhook_url. Turn on background or remove the webhook fields.';
  }
  if (error.httpStatus === 429 || code.includes('rate_limit')) {
    const wait = error.retryAfterSeconds !== null ? ` Retry after ${error.retryAfterSeconds} s (Retry-After).` : '';
    return `Rate limited by the gateway.${wait}`;
  }
  if (code === 'model_not_found' || (param === 'model' && (error.httpStatus === 404 || error.httpStatus === 400))) {
    return 'The gateway does not know this model id. Pick a model the gateway lists.';
  }
  if (error.httpStatus === 401) return 'The gateway rejected the API key. Check the key in Settings or the X-Gateway-Api-Key field.';
  return null;
}
