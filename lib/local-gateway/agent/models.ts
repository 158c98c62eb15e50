// The local model family: ids, descriptions, variants and the behaviour each one scripts.
import type { ModelInfo } from './contract';

export type Behaviour =
  | 'agent'
  | 'echo'
  | 'reasoner'
  | 'fail'
  | 'rate_limited'
  | 'server_error'
  | 'drop_stream'
  | 'slow_first_token';

export const DEFAULT_MODEL = 'local-agent';

function withVariants(id: string): ModelInfo['variants'] {
  return { quantized: `${id}-q4`, moe: `${id}-moe`, dense: `${id}-dense` };
}

/** Fault models have no sibling variants: every variant slot names the model itself. */
function withoutVariants(id: string): ModelInfo['variants'] {
  return { quantized: id, moe: id, dense: id };
}

interface LocalModel extends ModelInfo {
  behaviour: Behaviour;
}

const MODELS: LocalModel[] = [
  {
    id: 'local-agent',
    description: 'The default. A scripted, deterministic agent (no world knowledge): answers from your input and calls the tools you give it when your words ask for them.',
    contextWindow: 128_000,
    variants: withVariants('local-agent'),
    supportsReasoning: false,
    behaviour: 'agent',
  },
  {
    id: 'local-echo',
    description: 'Scripted like local-agent, but only answers from your input: never calls a tool.',
    contextWindow: 32_000,
    variants: withVariants('local-echo'),
    supportsReasoning: false,
    behaviour: 'echo',
  },
  {
    id: 'local-reasoner',
    description: 'local-agent with a reasoning item first: summaries with reasoning.summary, more reasoning tokens with a higher reasoning.effort.',
    contextWindow: 200_000,
    variants: withVariants('local-reasoner'),
    supportsReasoning: true,
    behaviour: 'reasoner',
  },
  {
    id: 'local-fail',
    description: 'Shows a failed response: the stream ends with status failed and error.code server_error.',
    contextWindow: 32_000,
    variants: withoutVariants('local-fail'),
    supportsReasoning: false,
    behaviour: 'fail',
  },
  {
    id: 'local-rate-limited',
    description: 'Shows rate limiting: every request gets HTTP 429 with Retry-After: 2.',
    contextWindow: 32_000,
    variants: withoutVariants('local-rate-limited'),
    supportsReasoning: false,
    behaviour: 'rate_limited',
  },
  {
    id: 'local-server-error',
    description: 'Shows a gateway error: every request gets HTTP 500.',
    contextWindow: 32_000,
    variants: withoutVariants('local-server-error'),
    supportsReasoning: false,
    behaviour: 'server_error',
  },
  {
    id: 'local-drop',
    description: 'Answers like local-agent, but the connection drops half-way through the stream.',
    contextWindow: 32_000,
    variants: withoutVariants('local-drop'),
    supportsReasoning: false,
    behaviour: 'drop_stream',
  },
  {
    id: 'local-slow',
    description: 'Answers like local-agent, after waiting 3 s before the first token.',
    contextWindow: 32_000,
    variants: withoutVariants('local-slow'),
    supportsReasoning: false,
    behaviour: 'slow_first_token',
  },
];

export const LOCAL_MODELS: ModelInfo[] = MODELS.map(({ behaviour: _behaviour, ...info }) => info);

function findLocalModel(id: string): LocalModel | undefined {
  return MODELS.find(
    (model) =>
      model.id === id ||
      model.variants.quantized === id ||
      model.variants.moe === id ||
      model.variants.dense === id,
  );
}

/** The model family of an id (a variant id resolves to its family), or undefined for unknown ids. */
export function findModel(id: string): ModelInfo | undefined {
  const model = findLocalModel(id);
  return model ? LOCAL_MODELS.find((info) => info.id === model.id) : undefined;
}

export type VariantTier = 'quantized' | 'moe' | 'dense';

/** How a variant differs from its family: answers a verbosity step shorter or longer, streams faster or slower, and waits
 * this many tokens' worth of time before its first token (pacing only: nothing waits at LOCAL_GATEWAY_TOKENS_PER_SECOND=0). */
export interface VariantStyle {
  verbosityShift: -1 | 0 | 1;
  speed: number;
  firstTokenDelayTokens: number;
}

export const VARIANT_STYLES: Record<VariantTier, VariantStyle> = {
  quantized: { verbosityShift: -1, speed: 2, firstTokenDelayTokens: 0 },
  moe: { verbosityShift: 0, speed: 1, firstTokenDelayTokens: 4 },
  dense: { verbosityShift: 1, speed: 0.5, firstTokenDelayTokens: 10 },
};

/** The variant an id names (local-agent-q4 is quantized), or null for a family id or an unknown one. */
export function variantTierOf(id: string): VariantTier | null {
  const model = findLocalModel(id);
  if (!model || model.id === id) return null;
  const tier = (Object.keys(model.variants) as VariantTier[]).find((key) => model.variants[key] === id);
  return tier ?? null;
}

/** The scripted behaviour of a model id; unknown ids behave like the default agent. */
export function behaviourOf(id: string): Behaviour {
  return findLocalModel(id)?.behaviour ?? 'agent';
}
