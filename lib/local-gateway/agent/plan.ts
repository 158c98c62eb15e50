// planTurn: the whole scripted turn (items, usage, outcome, fault) decided up front, deterministically.
import type { AgentRequest, TurnFault, TurnOutcome, TurnPlan, Usage } from './contract';
import { applyBudget } from './budget';
import { itemEvents } from './events';
import { opaqueBlob } from './ids';
import { truncateMessage } from './message';
import { behaviourOf, DEFAULT_MODEL, VARIANT_STYLES, variantTierOf, type Behaviour } from './models';
import type { Verbosity } from './options';
import { buildReasoning, hiddenReasoningTokens } from './reasoning';
import { act, decideAction, describeApproach, type Action } from './respond';
import { routeModel } from './routing';
import { countItemTokens, countTokensOfItem } from './tokens';
import type { TriggerEffect } from './triggers';
import { nextId, startTurn, type Turn } from './turn';

const RETRY_AFTER_SECONDS = 2;
const SLOW_FIRST_TOKEN_MS = 3000;
const INCLUDE_REASONING = 'reasoning.encrypted_content';

function addCompaction(turn: Turn): void {
  const threshold = turn.options.compactThreshold;
  if (threshold === undefined || turn.request.inputTokens <= threshold) return;
  const id = nextId(turn, 'cmp');
  turn.items.push({ id, type: 'compaction', encrypted_content: opaqueBlob(`${id}\u0000compaction`, 96) });
}

function addReasoning(turn: Turn, action: Action): void {
  if (turn.behaviour !== 'reasoner' || turn.options.reasoningEffort === 'none') return;
  const id = nextId(turn, 'rs');
  const hiddenTokens = hiddenReasoningTokens(turn.options.reasoningEffort);
  turn.items.push(
    buildReasoning({
      id,
      question: turn.question,
      approach: describeApproach(action),
      summary: turn.options.reasoningSummary,
      encrypted: turn.options.include.has(INCLUDE_REASONING),
      effort: turn.options.reasoningEffort,
    }),
  );
  turn.hiddenReasoning.set(id, hiddenTokens);
}

/** The demo fault of the model or of a trigger phrase (the model wins). */
function faultKind(behaviour: Behaviour, triggers: Set<TriggerEffect>): Behaviour | undefined {
  const kinds: Behaviour[] = ['fail', 'rate_limited', 'server_error', 'drop_stream', 'slow_first_token'];
  if (kinds.includes(behaviour)) return behaviour;
  return kinds.find((kind) => triggers.has(kind as TriggerEffect));
}

function faultFor(kind: Behaviour | undefined, model: string, turn: Turn): TurnFault | undefined {
  switch (kind) {
    case 'rate_limited':
      return { kind: 'http', status: 429, message: `Rate limit reached for ${model} (simulated).`, retryAfterSeconds: RETRY_AFTER_SECONDS };
    case 'server_error':
      return { kind: 'http', status: 500, message: `The model ${model} had a simulated server error.` };
    case 'slow_first_token':
      return { kind: 'slow_first_token', delayMs: SLOW_FIRST_TOKEN_MS };
    case 'drop_stream': {
      const options = { obfuscation: false, partialImages: 0 };
      const total = turn.items.reduce((sum, item, index) => sum + itemEvents(item, index, options).length, 0);
      return { kind: 'drop_stream', afterItemEvents: Math.max(1, Math.floor(total / 2)) };
    }
    default:
      return undefined;
  }
}

/** "simulate content filter": the final message stops half-way; returns whether it was cut. */
function filterLastMessage(turn: Turn): boolean {
  const last = turn.items.at(-1);
  if (last?.type !== 'message') return false;
  turn.items[turn.items.length - 1] = truncateMessage(last, Math.floor(countTokensOfItem(last) / (turn.style.audio ? 4 : 2)), turn.style);
  return true;
}

function usageOf(turn: Turn): Usage {
  const hidden = [...turn.hiddenReasoning.values()].reduce((sum, n) => sum + n, 0);
  const visibleReasoning = turn.items.filter((item) => item.type === 'reasoning').reduce((sum, item) => sum + countTokensOfItem(item), 0);
  const output = countItemTokens(turn.items) + hidden;
  return {
    input_tokens: turn.request.inputTokens,
    input_tokens_details: { cached_tokens: turn.request.cachedTokens },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: hidden + visibleReasoning },
    total_tokens: turn.request.inputTokens + output,
  };
}

const VERBOSITIES: readonly Verbosity[] = ['low', 'medium', 'high'];

/** A variant answers a verbosity step shorter (quantized) or longer (dense) than asked: their token counts differ on purpose. */
function applyVariantStyle(turn: Turn, model: string): TurnPlan['pace'] {
  const tier = variantTierOf(model);
  if (!tier) return undefined;
  const style = VARIANT_STYLES[tier];
  const at = VERBOSITIES.indexOf(turn.options.verbosity);
  const verbosity = VERBOSITIES[Math.min(VERBOSITIES.length - 1, Math.max(0, at + style.verbosityShift))]!;
  turn.options = { ...turn.options, verbosity };
  turn.answer = { ...turn.answer, verbosity };
  return { speed: style.speed, firstTokenDelayTokens: style.firstTokenDelayTokens };
}

export function planTurn(request: AgentRequest): TurnPlan {
  const requested = typeof request.body.model === 'string' ? request.body.model : DEFAULT_MODEL;
  const behaviour = behaviourOf(requested);
  const turn = startTurn(request, behaviour);
  const routing = turn.options.autoRouting ? routeModel(requested, request.inputTokens, turn.options) : undefined;
  const model = routing?.model ?? requested;
  const fault = faultKind(behaviour, turn.triggers);
  const routingDebug = routing && turn.options.autoRoutingDebug ? { routingDebug: routing.debug } : {};
  const pace = applyVariantStyle(turn, model);
  const paced = pace ? { pace } : {};

  if (fault === 'fail') {
    const outcome: TurnOutcome = { status: 'failed', error: { code: 'server_error', message: `The model ${model} failed to generate a response (simulated failure).` } };
    return { model, ...routingDebug, ...paced, items: [], usage: usageOf(turn), outcome };
  }

  const action = decideAction(turn);
  addCompaction(turn);
  addReasoning(turn, action);
  act(turn, action);

  const filtered = turn.triggers.has('content_filter') && filterLastMessage(turn);
  const budget = applyBudget(turn.items, turn.hiddenReasoning, turn.options.maxOutputTokens, turn.style);
  turn.items = budget.items;
  turn.hiddenReasoning = budget.hiddenReasoning;
  const outcome: TurnOutcome = budget.isCut
    ? { status: 'incomplete', reason: 'max_output_tokens' }
    : filtered
      ? { status: 'incomplete', reason: 'content_filter' }
      : { status: 'completed' };
  const planFault = faultFor(fault, model, turn);
  return { model, ...routingDebug, ...paced, items: turn.items, usage: usageOf(turn), outcome, ...(planFault ? { fault: planFault } : {}) };
}
