// auto_routing: a complexity score picks the quantized, MoE or dense variant of the requested family.
import type { TurnOptions } from './options';
import { findModel } from './models';

/** Score inputs; see ROUTING_RULE. */
export interface RoutingInputs {
  inputTokens: number;
  tools: number;
  jsonSchema: boolean;
  effort: string | undefined;
}

const EFFORT_POINTS: Record<string, number> = { minimal: 0, low: 1, medium: 2, high: 3, xhigh: 4, max: 4 };
export const MOE_THRESHOLD = 2;
export const DENSE_THRESHOLD = 5;
const MAX_DEBUG_CHARS = 512;

export const ROUTING_RULE =
  'score = min(4, floor(input_tokens/1000)) + min(3, tools) + (json_schema ? 2 : 0) + effort points ' +
  '(minimal 0, low 1, medium 2, high 3, xhigh/max 4); score < 2 -> quantized, 2..4 -> moe, >= 5 -> dense';

export function routingScore(inputs: RoutingInputs): number {
  return (
    Math.min(4, Math.floor(inputs.inputTokens / 1000)) +
    Math.min(3, inputs.tools) +
    (inputs.jsonSchema ? 2 : 0) +
    (inputs.effort ? (EFFORT_POINTS[inputs.effort] ?? 0) : 0)
  );
}

export interface RoutingDecision {
  model: string;
  debug: string;
}

const MAX_NAME_CHARS = 64;

function clip(name: string): string {
  return name.slice(0, MAX_NAME_CHARS);
}

/** JSON within the limit: names are clipped, then optional fields dropped if still too long. */
function compactDebug(record: Record<string, unknown>): string {
  let text = JSON.stringify(record);
  if (text.length > MAX_DEBUG_CHARS) text = JSON.stringify({ ...record, candidates: undefined });
  if (text.length > MAX_DEBUG_CHARS) text = JSON.stringify({ ...record, candidates: undefined, requested: undefined, rule: undefined });
  return text.slice(0, MAX_DEBUG_CHARS);
}

/** Chooses the variant that runs; `debug` is the compact JSON decision for metadata.auto_routing_debug. */
export function routeModel(requested: string, inputTokens: number, options: TurnOptions): RoutingDecision {
  const inputs: RoutingInputs = {
    inputTokens,
    tools: options.tools.length,
    jsonSchema: options.format.type === 'json_schema',
    effort: options.reasoningEffort,
  };
  const score = routingScore(inputs);
  const family = findModel(requested);
  const tier = score < MOE_THRESHOLD ? 'quantized' : score < DENSE_THRESHOLD ? 'moe' : 'dense';
  const model = family ? family.variants[tier] : requested;
  const candidates = family ? [...new Set(Object.values(family.variants))] : [requested];
  const debug = compactDebug({
    requested: clip(requested),
    family: family?.id ?? null,
    score,
    inputs: { input_tokens: inputs.inputTokens, tools: inputs.tools, json_schema: inputs.jsonSchema, effort: inputs.effort ?? null },
    rule: `<${MOE_THRESHOLD} quantized, <${DENSE_THRESHOLD} moe, else dense`,
    tier,
    chosen: clip(model),
    candidates: candidates.map(clip),
  });
  return { model, debug };
}
