// Reads the create body into the typed options the agent acts on (defensive: the body is plain JSON).
import type { JsonObject } from './contract';

export type Verbosity = 'low' | 'medium' | 'high';

export type TextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: JsonObject };

export interface TurnOptions {
  include: Set<string>;
  topLogprobs: number;
  verbosity: Verbosity;
  temperature: number | undefined;
  format: TextFormat;
  tools: JsonObject[];
  toolChoice: unknown;
  parallelToolCalls: boolean;
  maxToolCalls: number;
  reasoningEffort: string | undefined;
  reasoningSummary: string | undefined;
  maxOutputTokens: number | undefined;
  audio: boolean;
  compactThreshold: number | undefined;
  autoRouting: boolean;
  autoRoutingDebug: boolean;
}

export const DEFAULT_COMPACT_THRESHOLD = 2000;
export const DEFAULT_MAX_TOOL_CALLS = 64;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function readFormat(text: JsonObject): TextFormat {
  const format = isObject(text.format) ? text.format : undefined;
  if (format?.type === 'json_object') return { type: 'json_object' };
  if (format?.type === 'json_schema' && isObject(format.schema)) {
    return { type: 'json_schema', name: stringOr(format.name) ?? 'output', schema: format.schema };
  }
  return { type: 'text' };
}

function readCompactThreshold(value: unknown): number | undefined {
  if (!Array.isArray(value)) return undefined;
  const entry: unknown = value.find((element) => isObject(element) && element.type === 'compaction');
  if (!isObject(entry)) return undefined;
  return numberOr(entry.compact_threshold) ?? DEFAULT_COMPACT_THRESHOLD;
}

export function readOptions(body: JsonObject): TurnOptions {
  const text = isObject(body.text) ? body.text : {};
  const reasoning = isObject(body.reasoning) ? body.reasoning : {};
  const verbosity = stringOr(text.verbosity);
  const include = Array.isArray(body.include) ? body.include.filter((v): v is string => typeof v === 'string') : [];
  const modalities = Array.isArray(body.modalities) ? body.modalities : [];
  return {
    include: new Set(include),
    topLogprobs: numberOr(body.top_logprobs) ?? 0,
    verbosity: verbosity === 'low' || verbosity === 'high' ? verbosity : 'medium',
    temperature: numberOr(body.temperature),
    format: readFormat(text),
    tools: Array.isArray(body.tools) ? body.tools.filter(isObject) : [],
    toolChoice: body.tool_choice ?? 'auto',
    parallelToolCalls: body.parallel_tool_calls !== false,
    maxToolCalls: numberOr(body.max_tool_calls) ?? DEFAULT_MAX_TOOL_CALLS,
    reasoningEffort: stringOr(reasoning.effort),
    reasoningSummary: stringOr(reasoning.summary) ?? stringOr(reasoning.generate_summary),
    maxOutputTokens: numberOr(body.max_output_tokens),
    audio: modalities.includes('audio'),
    compactThreshold: readCompactThreshold(body.context_management),
    autoRouting: body.auto_routing === true,
    autoRoutingDebug: body.auto_routing_debug === true,
  };
}
