// What a turn's request said, in words, for its heading: the user's text, or what the input items do (tool outputs, approvals).
import type { JsonObject } from './types';

const MAX_HEADING_CHARS = 400;

function clip(text: string): string {
  return text.length > MAX_HEADING_CHARS ? `${text.slice(0, MAX_HEADING_CHARS)}…` : text;
}

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (typeof part !== 'object' || part === null) return '';
      const { type, text } = part as { type?: unknown; text?: unknown };
      if (typeof text === 'string') return text;
      if (type === 'input_image') return '[image]';
      if (type === 'input_file') return '[file]';
      if (type === 'input_audio') return '[audio]';
      return '';
    })
    .filter(Boolean)
    .join(' ');
}

function describeItem(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null) return null;
  const entry = item as JsonObject;
  const type = typeof entry.type === 'string' ? entry.type : 'message';
  if (type === 'message' || entry.role !== undefined) return entry.role === 'user' || entry.role === undefined ? textOfContent(entry.content) || null : null;
  if (type === 'function_call_output' || type === 'custom_tool_call_output') return `Tool output for ${String(entry.call_id ?? 'a call')}`;
  if (type === 'mcp_approval_response') return `${entry.approve === true ? 'Approved' : 'Denied'} the MCP call ${String(entry.approval_request_id ?? '')}`.trim();
  if (type === 'computer_call_output') return 'Screenshot for the computer call';
  return null;
}

/** The heading of a turn: the text the user typed, or a description of the items it sent, or how it was obtained. */
export function describeTurnInput(request: { body: JsonObject; kind: string }): string {
  const input = request.body.input;
  if (typeof input === 'string' && input.trim()) return clip(input);
  if (Array.isArray(input)) {
    const parts = input.map(describeItem).filter((part): part is string => Boolean(part));
    // A stored turn lists every item of its input; the user's last words are the ones that started it.
    const described = request.kind === 'create' ? parts.join(' · ') : (parts.at(-1) ?? '');
    if (described) return clip(described);
  }
  const id = request.body.response_id;
  if (request.kind === 'retrieve') return `Opened ${String(id ?? 'a stored response')}`;
  if (request.kind === 'resume') return `Re-streamed ${String(id ?? 'a background response')}`;
  return input === undefined ? '(no input)' : '(input items)';
}
