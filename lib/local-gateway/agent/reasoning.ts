// The reasoning item of local-reasoner: summary parts on request, encrypted content on include, hidden tokens by effort.
import type { JsonObject, OutputItem } from './contract';
import { opaqueBlob } from './ids';

const HIDDEN_TOKENS_BY_EFFORT: Record<string, number> = {
  minimal: 16,
  low: 64,
  medium: 192,
  high: 512,
  xhigh: 1024,
  max: 2048,
};
const DEFAULT_EFFORT = 'medium';

/** Hidden reasoning tokens for an effort (none: 0; unknown or unset: medium). */
export function hiddenReasoningTokens(effort: string | undefined): number {
  if (effort === 'none') return 0;
  return HIDDEN_TOKENS_BY_EFFORT[effort ?? DEFAULT_EFFORT] ?? HIDDEN_TOKENS_BY_EFFORT[DEFAULT_EFFORT]!;
}

function summaryTexts(question: string, plan: string, summary: string): string[] {
  const subject = question.length > 80 ? `${question.slice(0, 79)}…` : question || 'an empty input';
  const parts = [
    `**Understanding the request**\n\nThe user wrote: "${subject}". I need to work out what they want.`,
    `**Choosing an approach**\n\n${plan}`,
    '**Checking the answer**\n\nThe reply should be deterministic, match the requested format and stay within the budget.',
  ];
  const count = summary === 'concise' ? 1 : summary === 'detailed' ? 3 : 2;
  return parts.slice(0, count);
}

export interface ReasoningSpec {
  id: string;
  question: string;
  /** One sentence on what the agent will do (answer directly, call a tool…). */
  approach: string;
  summary: string | undefined;
  encrypted: boolean;
  effort: string | undefined;
}

/** The opaque stand-in for a reasoning item's encrypted content (the same at create and on a later GET with the include). */
export function encryptedReasoningContent(itemId: string, effort: string | undefined): string {
  return opaqueBlob(`${itemId}\u0000reasoning`, 48 + Math.ceil(hiddenReasoningTokens(effort) / 4));
}

export function buildReasoning(spec: ReasoningSpec): OutputItem {
  const summary: JsonObject[] = spec.summary
    ? summaryTexts(spec.question, spec.approach, spec.summary).map((text) => ({ type: 'summary_text', text }))
    : [];
  const item: OutputItem = { id: spec.id, type: 'reasoning', summary, status: 'completed' };
  if (spec.encrypted) item.encrypted_content = encryptedReasoningContent(spec.id, spec.effort);
  return item;
}
