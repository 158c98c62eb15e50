// max_output_tokens: cuts the output at the budget (reasoning counts too); the item being generated ends incomplete.
import type { OutputItem } from './contract';
import { truncateMessage, type MessageStyle } from './message';
import { countTokensOfItem, truncateToTokens } from './tokens';

export interface BudgetResult {
  items: OutputItem[];
  hiddenReasoning: Map<string, number>;
  isCut: boolean;
}

function cutItem(item: OutputItem, remaining: number, hidden: number, style: MessageStyle): OutputItem | undefined {
  switch (item.type) {
    case 'message':
      return truncateMessage(item, Math.floor(remaining / (style.audio ? 2 : 1)), style);
    case 'reasoning': {
      let left = remaining - Math.min(hidden, remaining);
      const summary: { type: string; text: string }[] = [];
      for (const part of (item.summary as { type: string; text: string }[] | undefined) ?? []) {
        if (left <= 0) break;
        const text = truncateToTokens(part.text, left);
        left -= countTokensOfItem({ type: 'reasoning', summary: [{ text }] });
        summary.push({ ...part, text });
      }
      const { encrypted_content: _dropped, ...rest } = item;
      return { ...rest, summary, status: 'incomplete' } as OutputItem;
    }
    case 'function_call':
      return { ...item, arguments: truncateToTokens(String(item.arguments ?? ''), remaining), status: 'incomplete' };
    case 'custom_tool_call':
      return { ...item, input: truncateToTokens(String(item.input ?? ''), remaining), status: 'incomplete' };
    case 'code_interpreter_call':
      return { ...item, code: truncateToTokens(String(item.code ?? ''), remaining), outputs: null, status: 'incomplete' };
    default:
      return undefined;
  }
}

/** Keeps whole items while they fit; the first that does not is cut (or dropped when it cannot be cut). */
export function applyBudget(
  items: OutputItem[],
  hiddenReasoning: Map<string, number>,
  maxOutputTokens: number | undefined,
  style: MessageStyle,
): BudgetResult {
  if (maxOutputTokens === undefined) return { items, hiddenReasoning, isCut: false };
  let remaining = maxOutputTokens;
  const kept: OutputItem[] = [];
  const hiddenKept = new Map<string, number>();
  for (const item of items) {
    const hidden = hiddenReasoning.get(item.id) ?? 0;
    const cost = hidden + countTokensOfItem(item);
    if (cost <= remaining) {
      kept.push(item);
      if (hidden > 0) hiddenKept.set(item.id, hidden);
      remaining -= cost;
      continue;
    }
    const cut = cutItem(item, remaining, hidden, style);
    if (cut) {
      kept.push(cut);
      if (hidden > 0) hiddenKept.set(item.id, Math.min(hidden, remaining));
    }
    return { items: kept, hiddenReasoning: hiddenKept, isCut: true };
  }
  return { items: kept, hiddenReasoning: hiddenKept, isCut: false };
}
