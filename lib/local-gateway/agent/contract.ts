// Contract between the local gateway's service (router, store, runner) and its scripted, deterministic agent.
import type { OutputItem as WireOutputItem } from '@/lib/schema/response';

export type JsonObject = Record<string, unknown>;

/** An item the model sees (normalized: a string input becomes a user `message` item). */
export type ContextItem = JsonObject & { type: string };

/** An item of `response.output` (the wire shape of lib/schema), which this gateway always gives an id. */
export type OutputItem = WireOutputItem & { id: string };

export interface Usage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface AgentRequest {
  responseId: string;
  /** The validated create body, after `prompt` resolution (the service resolves templates). */
  body: JsonObject;
  /** Effective instructions (the request's, or the resolved prompt template's), or null. */
  instructions: string | null;
  /** Everything the model sees, oldest first: earlier turns (chain or conversation) then this request's input. Already truncated by the service. */
  context: ContextItem[];
  /** Input tokens of `context` + instructions, counted by the service with `countTokens`. */
  inputTokens: number;
  /** Leading input tokens served from the prompt cache (same prompt_cache_key and prefix). */
  cachedTokens: number;
}

export type TurnOutcome =
  | { status: 'completed' }
  | { status: 'incomplete'; reason: 'max_output_tokens' | 'content_filter' }
  | { status: 'failed'; error: { code: string; message: string } };

/** Demo faults chosen by model name or trigger phrase; the service enacts them. */
export type TurnFault =
  | { kind: 'http'; status: 429 | 500; message: string; retryAfterSeconds?: number }
  | { kind: 'drop_stream'; afterItemEvents: number }
  | { kind: 'slow_first_token'; delayMs: number };

export interface TurnPlan {
  /** The model (variant) that actually ran: goes to `response.model`. */
  model: string;
  /** Compact routing decision (JSON string, at most 512 characters) for `metadata.auto_routing_debug`. */
  routingDebug?: string;
  items: OutputItem[];
  usage: Usage;
  outcome: TurnOutcome;
  fault?: TurnFault;
  /** The served variant's pace (VARIANT_STYLES); absent: the family's (speed 1, no wait). */
  pace?: { speed: number; firstTokenDelayTokens: number };
}

/** One stream event of an output item, without `sequence_number` (the service numbers them). */
export interface ItemEvent {
  event: JsonObject & { type: string };
  /** Output tokens this event carries, for pacing (0 for structural events). */
  tokens: number;
}

export interface ItemEventOptions {
  /** Add `obfuscation` padding to delta events (stream_options.include_obfuscation, default true). */
  obfuscation: boolean;
  /** image_generation partial images to emit (the tool's partial_images, 0 to 3). */
  partialImages: number;
}

export interface ModelInfo {
  id: string;
  description: string;
  contextWindow: number;
  /** Variants auto_routing chooses among: quantized, moe, dense. */
  variants: { quantized: string; moe: string; dense: string };
  supportsReasoning: boolean;
}
