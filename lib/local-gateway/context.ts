// What the model sees: input normalized to items, earlier turns (chain or conversation), tool-output checks, truncation, prompt cache.
import type { Db } from '@/lib/db/open';
import { countItemTokens, countTokens } from './agent';
import type { ContextItem, JsonObject } from './agent/contract';
import type { ApiError } from '@/lib/schema/errors';
import { badRequest } from './errors';
import { hashText, makeItemId } from './ids';
import { findResponse, findStoredItem, NON_TERMINAL } from './store';

/** Input as stored and listed by input_items: every item has an id; string content becomes parts. */
export function normalizeInput(input: unknown): ContextItem[] {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') {
    return [{ id: makeItemId('message'), type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: input }] }];
  }
  if (!Array.isArray(input)) return [];
  return input.map((raw) => {
    const item = { ...(raw as JsonObject) };
    // A bare {id} is an item reference (its type is optional on the wire); anything else without a type is a message.
    const isBareReference = item.role === undefined && item.content === undefined && typeof item.id === 'string';
    const type = typeof item.type === 'string' ? item.type : isBareReference ? 'item_reference' : 'message';
    if (type === 'message' && typeof item.content === 'string') {
      item.content = [{ type: item.role === 'assistant' ? 'output_text' : 'input_text', text: item.content, ...(item.role === 'assistant' ? { annotations: [] } : {}) }];
    }
    if (type === 'message') item.status ??= 'completed';
    const id = typeof item.id === 'string' && item.id ? item.id : makeItemId(type);
    return { ...item, id, type } as ContextItem;
  });
}

/** Replaces each `item_reference` with the stored item it names (this owner's stored responses); unknown ids are a 400 naming the item. */
export async function resolveItemReferences(db: Db, items: ContextItem[], ownerKey: string): Promise<ContextItem[]> {
  if (!items.some((item) => item.type === 'item_reference')) return items;
  return Promise.all(
    items.map(async (item, index) => {
      if (item.type !== 'item_reference') return item;
      const found = typeof item.id === 'string' ? await findStoredItem(db, ownerKey, item.id) : null;
      if (!found) throw badRequest(`Item with id '${String(item.id)}' not found.`, `input[${index}].id`, 'item_not_found');
      return found;
    }),
  );
}

/** Why a chain cannot be continued: names the id the caller sent and, when different, the turn of its chain at fault. */
function chainError(previousId: string, cursor: string, problem: string, code: string): ApiError {
  const subject = cursor === previousId ? `Previous response with id '${previousId}'` : `Previous response with id '${previousId}' cannot be continued: the earlier turn '${cursor}' of its chain`;
  return badRequest(`${subject} ${problem}`, 'previous_response_id', code);
}

/** Earlier turns of a previous_response_id chain, oldest first: each turn's input items then its output. */
export async function loadChain(db: Db, previousId: string, ownerKey: string): Promise<ContextItem[]> {
  const turns: ContextItem[][] = [];
  const seen = new Set<string>();
  let cursor: string | null = previousId;
  while (cursor && !seen.has(cursor)) {
    seen.add(cursor);
    const row = await findResponse(db, cursor, ownerKey);
    if (!row) {
      throw chainError(previousId, cursor, cursor === previousId ? 'not found.' : 'was deleted or is not found.', 'previous_response_not_found');
    }
    if (!row.stored) {
      throw chainError(previousId, cursor, 'was created with store: false, so it was not kept and cannot be continued. Send the earlier turns in input instead.', 'previous_response_not_stored');
    }
    if (NON_TERMINAL.includes(row.status)) {
      throw chainError(previousId, cursor, `is still ${row.status}: wait until it finishes (poll GET /responses/${cursor}), then continue from it.`, 'previous_response_not_finished');
    }
    const response = row.response as JsonObject;
    turns.unshift([...(row.inputItems as ContextItem[]), ...((response.output as ContextItem[] | undefined) ?? [])]);
    cursor = row.previousResponseId;
  }
  return turns.flat();
}

/** Tool output item type -> the call item type it answers (matched by call_id). */
const CALL_OF_OUTPUT: Record<string, string> = {
  function_call_output: 'function_call',
  custom_tool_call_output: 'custom_tool_call',
  computer_call_output: 'computer_call',
  shell_call_output: 'shell_call',
};

/**
 * Every tool output answers a call earlier in the context (400 naming `input[i].call_id` otherwise), and every
 * function_call has its output later in the context (the client runs the function).
 */
export function assertToolOutputs(earlier: ContextItem[], input: ContextItem[]): void {
  const context = [...earlier, ...input];
  const calls = new Set<string>();
  context.forEach((item, position) => {
    const callType = CALL_OF_OUTPUT[item.type];
    if (callType === undefined) {
      if (typeof item.call_id === 'string') calls.add(`${item.type}\u0000${item.call_id}`);
      return;
    }
    if (calls.has(`${callType}\u0000${String(item.call_id)}`)) return;
    const index = position - earlier.length;
    throw badRequest(
      `No ${callType} found for ${item.type} with call_id '${String(item.call_id).slice(0, 100)}': a tool output must answer a call earlier in the input or in the previous response.`,
      index >= 0 ? `input[${index}].call_id` : 'previous_response_id',
      'tool_call_not_found',
    );
  });
  const answered = new Set(context.filter((item) => item.type === 'function_call_output').map((item) => String(item.call_id)));
  const missing = context.find((item) => item.type === 'function_call' && !answered.has(String(item.call_id)));
  if (missing) throw badRequest(`No tool output found for function call ${String(missing.call_id)}.`, 'input');
}

export interface FittedContext {
  context: ContextItem[];
  inputTokens: number;
}

/** `disabled`: 400 context_length_exceeded when over the window; `auto`: drop the oldest items (with their tool outputs) until it fits. */
export function fitContext(context: ContextItem[], instructions: string | null, windowTokens: number, truncation: 'auto' | 'disabled'): FittedContext {
  const instructionTokens = instructions ? countTokens(instructions) : 0;
  let items = context;
  let total = instructionTokens + countItemTokens(items);
  if (total <= windowTokens) return { context: items, inputTokens: total };
  const overflow = () =>
    badRequest(
      `Your input exceeds the context window of this model (${total} tokens > ${windowTokens}). Shorten the input, or use truncation: "auto".`,
      'input',
      'context_length_exceeded',
    );
  if (truncation === 'disabled') throw overflow();
  while (total > windowTokens && items.length > 1) {
    const [dropped, ...rest] = items;
    items = dropped?.type === 'function_call' ? rest.filter((item) => !(item.type === 'function_call_output' && item.call_id === dropped.call_id)) : rest;
    total = instructionTokens + countItemTokens(items);
  }
  if (total > windowTokens) throw overflow();
  return { context: items, inputTokens: total };
}

const PROMPT_CACHE_LIMIT = 1_000;

/** prompt_cache_key -> hashed prefix blocks (instructions, then one per item) with their cumulative token counts. */
export class PromptCache {
  private readonly entries = new Map<string, { hash: string; tokens: number }[]>();

  private blocks(instructions: string | null, context: ContextItem[]): { hash: string; tokens: number }[] {
    const parts = [instructions ?? '', ...context.map((item) => JSON.stringify({ ...item, id: undefined, status: undefined }))];
    let cumulative = 0;
    let chained = '';
    return parts.map((part, index) => {
      cumulative += index === 0 ? (part ? countTokens(part) : 0) : countItemTokens([context[index - 1] as ContextItem]);
      chained = hashText(chained + part);
      return { hash: chained, tokens: cumulative };
    });
  }

  /** Tokens of the longest prefix seen before under this key; then remembers this prefix. */
  lookup(key: string, instructions: string | null, context: ContextItem[]): number {
    const blocks = this.blocks(instructions, context);
    const previous = this.entries.get(key) ?? [];
    let cached = 0;
    for (let index = 0; index < Math.min(blocks.length, previous.length); index += 1) {
      if (blocks[index]?.hash !== previous[index]?.hash) break;
      cached = blocks[index]?.tokens ?? cached;
    }
    this.remember(key, instructions, context);
    return cached;
  }

  remember(key: string, instructions: string | null, context: ContextItem[]): void {
    this.entries.delete(key);
    this.entries.set(key, this.blocks(instructions, context));
    if (this.entries.size > PROMPT_CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
  }
}
