// Per-run metrics from timings and the reduced transcript: TTFB, TTFT, tokens per second, usage, served model.
import type { RunMetrics, RunTimings } from './run-types';
import type { TranscriptState } from './types';

/** Events that carry generated output: their first arrival is the first token. */
export function isTokenEvent(type: string): boolean {
  return type.endsWith('.delta') || type === 'response.image_generation_call.partial_image';
}

export function computeMetrics(timings: RunTimings, transcript: TranscriptState, tokenEventCount: number): RunMetrics {
  const response = transcript.response;
  const usage = response?.usage ?? null;
  const generatingMs = timings.endMs !== null && timings.firstTokenMs !== null ? timings.endMs - timings.firstTokenMs : null;
  const outputTokens = usage?.output_tokens ?? tokenEventCount;
  const tokensPerSecond = generatingMs !== null && generatingMs > 0 && outputTokens > 0 ? (outputTokens * 1000) / generatingMs : null;
  return {
    ttfbMs: timings.headersMs,
    ttftMs: timings.firstTokenMs,
    totalMs: timings.endMs,
    tokensPerSecond,
    usage,
    model: response?.model ?? null,
    responseId: response?.id ?? null,
  };
}

export interface RoutingDebug {
  raw: string;
  /** Decoded top-level fields, values rendered as text; null when the string is not a JSON object. */
  fields: [string, string][] | null;
}

/** Decodes `metadata.auto_routing_debug` (a JSON string the gateway adds with auto_routing_debug). */
export function decodeRoutingDebug(metadata: unknown): RoutingDebug | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const raw = (metadata as Record<string, unknown>).auto_routing_debug;
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { raw, fields: null };
    return { raw, fields: Object.entries(parsed).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]) };
  } catch {
    return { raw, fields: null };
  }
}
