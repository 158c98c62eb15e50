// Reads the model context: the user's question, earlier user turns, and tool results awaiting an answer.
import type { ContextItem } from './contract';
import { isObject } from './options';

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isObject(part)) return '';
  if (typeof part.text === 'string') return part.text;
  if (typeof part.refusal === 'string') return part.refusal;
  return '';
}

/** Plain text of a message item (string content or text parts). */
export function messageText(item: ContextItem): string {
  const content = item.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(partText).filter(Boolean).join('\n');
  return '';
}

function isMessage(item: ContextItem): boolean {
  return item.type === 'message' || (item.type === undefined && typeof item.role === 'string');
}

function isUserMessage(item: ContextItem): boolean {
  return isMessage(item) && item.role === 'user';
}

function lastUserIndex(context: readonly ContextItem[]): number {
  for (let i = context.length - 1; i >= 0; i -= 1) {
    const item = context[i];
    if (item && isUserMessage(item)) return i;
  }
  return -1;
}

/** The latest user message: the question this turn answers ('' when there is none). */
export function currentQuestion(context: readonly ContextItem[]): string {
  const item = context[lastUserIndex(context)];
  return item ? messageText(item).trim() : '';
}

/** User messages before the latest one, oldest first. */
export function earlierQuestions(context: readonly ContextItem[]): string[] {
  const last = lastUserIndex(context);
  return context
    .slice(0, Math.max(0, last))
    .filter(isUserMessage)
    .map((item) => messageText(item).trim())
    .filter(Boolean);
}

const RESULT_TYPES = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'computer_call_output',
  'local_shell_call_output',
  'shell_call_output',
  'mcp_approval_response',
]);

/** Tool results (and MCP approval answers) that arrived after the latest assistant turn. */
export function pendingResults(context: readonly ContextItem[]): ContextItem[] {
  const results: ContextItem[] = [];
  for (let i = context.length - 1; i >= 0; i -= 1) {
    const item = context[i];
    if (!item || !RESULT_TYPES.has(item.type)) break;
    results.unshift(item);
  }
  return results;
}

/** The call item a result answers (matched by call_id, or by id for local shell and MCP approvals). */
export function findCallFor(context: readonly ContextItem[], result: ContextItem): ContextItem | undefined {
  const key = result.call_id ?? result.approval_request_id ?? result.id;
  return context.find(
    (item) => item !== result && !RESULT_TYPES.has(item.type) && (item.call_id === key || item.id === key),
  );
}

/** A short printable form of a tool output (string, parts or object). */
export function outputSummary(output: unknown, maxLength = 200): string {
  let text: string;
  if (typeof output === 'string') text = output;
  else if (Array.isArray(output)) text = output.map((part) => partText(part) || JSON.stringify(part)).join(' ');
  else text = JSON.stringify(output ?? null);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
