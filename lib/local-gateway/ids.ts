// Opaque, prefixed identifiers for responses, items, events and webhook deliveries.
import { createHash, randomBytes } from 'node:crypto';

export function makeId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('hex')}`;
}

const ITEM_PREFIXES: Record<string, string> = {
  message: 'msg',
  function_call: 'fc',
  function_call_output: 'fco',
  custom_tool_call: 'ctc',
  custom_tool_call_output: 'ctco',
  computer_call_output: 'cuo',
  local_shell_call_output: 'lso',
  shell_call_output: 'sho',
  mcp_approval_response: 'mcpr',
  reasoning: 'rs',
  item_reference: 'ref',
};

/** Id for an input item that arrived without one, prefixed by its kind. */
export function makeItemId(type: string): string {
  return makeId(ITEM_PREFIXES[type] ?? 'item');
}

/** Hash of the (API key, X-On-Behalf-Of) pair; stored instead of either value. */
export function hashOwner(apiKey: string, onBehalfOf: string | null): string {
  return createHash('sha256').update(`${apiKey}\u0000${onBehalfOf ?? ''}`).digest('hex');
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
