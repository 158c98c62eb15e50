// Token counting (gpt-tokenizer) and token-sized chunking of generated text.
import { decode, encode } from 'gpt-tokenizer';
import type { OutputItem } from './contract';

const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

/**
 * The last texts tokenized, by text: one turn counts its output for usage and the budget, then splits it into deltas and
 * counts what was streamed, so each text was encoded three or four times; tokenizing is pure, so the result is reused.
 */
const RECENT_LIMIT = 64;
/** Longer texts (a large input) are not kept, so the memory held stays small. */
const RECENT_MAX_CHARS = 16_384;
const recentTokens = new Map<string, readonly number[]>();
const recentChunks = new Map<string, readonly string[]>();

function remember<T>(recent: Map<string, T>, text: string, value: T): T {
  if (text.length > RECENT_MAX_CHARS) return value;
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
  recent.set(text, value);
  return value;
}

function encodeText(text: string): readonly number[] {
  return recentTokens.get(text) ?? remember(recentTokens, text, encode(text, ENCODE_OPTIONS));
}

export function countTokens(text: string): number {
  return text === '' ? 0 : encodeText(text).length;
}

/**
 * Splits text into chunks of about one token whose concatenation is exactly `text`
 * (tokens that cut a multi-byte character are merged with their neighbours).
 */
export function splitTokens(text: string): string[] {
  if (text === '') return [];
  return [...(recentChunks.get(text) ?? remember(recentChunks, text, chunkText(text)))];
}

function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let pending: number[] = [];
  for (const token of encodeText(text)) {
    pending.push(token);
    const piece = decode(pending);
    if (!piece.endsWith('\uFFFD')) {
      chunks.push(piece);
      pending = [];
    }
  }
  if (pending.length > 0) chunks.push(decode(pending));
  return chunks.join('') === text ? chunks : [text];
}

/** The longest prefix of `text` made of at most `maxTokens` chunks. */
export function truncateToTokens(text: string, maxTokens: number): string {
  return splitTokens(text).slice(0, Math.max(0, maxTokens)).join('');
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Flat token cost of an image or file part (the local models do not look inside). */
const ATTACHMENT_TOKENS = 85;

function partTokens(part: unknown): number {
  if (typeof part === 'string') return countTokens(part);
  if (typeof part !== 'object' || part === null) return 0;
  const record = part as Record<string, unknown>;
  const text = textOf(record.text) || textOf(record.refusal) || textOf(record.transcript);
  if (text) return countTokens(text);
  return record.type === 'input_image' || record.type === 'input_file' || record.type === 'computer_screenshot'
    ? ATTACHMENT_TOKENS
    : 0;
}

function contentTokens(content: unknown): number {
  if (typeof content === 'string') return countTokens(content);
  if (Array.isArray(content)) return content.reduce((sum: number, part) => sum + partTokens(part), 0);
  return partTokens(content);
}

/**
 * Tokens of one item. Output items: the generated (visible) tokens their deltas carry, or their
 * payload for atomic tool items. Input items (messages, tool outputs): their text content.
 */
export function countTokensOfItem(item: OutputItem | (Record<string, unknown> & { type?: string })): number {
  switch (item.type) {
    case 'message':
    case undefined:
      return contentTokens(item.content);
    case 'reasoning':
      return contentTokens(item.summary);
    case 'function_call':
    case 'mcp_call':
    case 'mcp_approval_request':
      return countTokens(textOf(item.arguments));
    case 'custom_tool_call':
      return countTokens(textOf(item.input));
    case 'code_interpreter_call':
      return countTokens(textOf(item.code));
    case 'web_search_call':
    case 'computer_call':
    case 'local_shell_call':
    case 'shell_call':
      return countTokens(JSON.stringify(item.action ?? {}));
    case 'file_search_call':
      return countTokens(JSON.stringify(item.queries ?? []));
    case 'image_generation_call':
      return countTokens(textOf(item.revised_prompt));
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'computer_call_output':
      return contentTokens(item.output);
    case 'local_shell_call_output':
    case 'shell_call_output':
      return countTokens(typeof item.output === 'string' ? item.output : JSON.stringify(item.output ?? ''));
    case 'mcp_list_tools':
      return countTokens(JSON.stringify(item.tools ?? []));
    case 'mcp_approval_response':
    case 'item_reference':
    case 'compaction':
      return 0;
    default: {
      const { id: _id, type: _type, status: _status, ...rest } = item;
      return countTokens(JSON.stringify(rest));
    }
  }
}

/** Tokens of items (output or input); hidden reasoning tokens are not visible here, the plan's usage reports them. */
export function countItemTokens(items: readonly (OutputItem | (Record<string, unknown> & { type?: string }))[]): number {
  return items.reduce((sum: number, item) => sum + countTokensOfItem(item), 0);
}
