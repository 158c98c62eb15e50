// The create-response request body: every field and bound of the spec, plus its cross-field rules.
import { z } from 'zod';
import {
  INCLUDE_VALUES,
  LIMITS,
  MODALITIES,
  REASONING_EFFORTS,
  REASONING_SUMMARIES,
  SERVICE_TIERS,
  TRUNCATION_MODES,
  VERBOSITIES,
} from './constants';
import { decimalInRange, httpUrlSchema, identifierName, integerInRange, objectJsonSchemaSchema } from './fields';
import { inputFilePartSchema, inputImagePartSchema, inputSchema, inputTextPartSchema } from './input';
import { toolChoiceSchema, toolSchema } from './tools';

export const conversationParamSchema = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]);

export const promptParamSchema = z.looseObject({
  id: z.string().min(1),
  version: z.string().nullish(),
  variables: z
    .record(z.string(), z.union([z.string(), inputTextPartSchema, inputImagePartSchema, inputFilePartSchema]))
    .nullish(),
});

export const textFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: identifierName(LIMITS.json_schema_name.maxLength),
    schema: objectJsonSchemaSchema,
    description: z.string().optional(),
    strict: z.boolean().nullish(),
  }),
]);

export const textParamSchema = z.looseObject({
  format: textFormatSchema.optional(),
  verbosity: z.enum(VERBOSITIES).nullish(),
});

export const reasoningParamSchema = z.looseObject({
  effort: z.enum(REASONING_EFFORTS).nullish(),
  summary: z.enum(REASONING_SUMMARIES).nullish(),
});

export const contextManagementEntrySchema = z.looseObject({
  type: z.literal('compaction'),
  compact_threshold: integerInRange({ min: LIMITS.compact_threshold.min }).nullish(),
});

export const metadataSchema = z
  .record(z.string().max(LIMITS.metadata.keyMaxLength), z.string().max(LIMITS.metadata.valueMaxLength))
  .superRefine((metadata, ctx) => {
    const pairs = Object.keys(metadata).length;
    if (pairs > LIMITS.metadata.maxPairs) {
      ctx.addIssue({
        code: 'custom',
        message: `too many properties: at most ${LIMITS.metadata.maxPairs} key/value pairs are allowed, but got ${pairs}.`,
        params: { code: 'object_above_max_properties' },
      });
    }
  });

export const modalitiesSchema = z.array(z.enum(MODALITIES)).superRefine((modalities, ctx) => {
  const duplicate = modalities.find((modality, index) => modalities.indexOf(modality) !== index);
  if (duplicate !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `'${duplicate}' is listed more than once.`,
      params: { code: 'invalid_value' },
    });
  }
});

export const audioParamSchema = z.looseObject({ voice: z.string().optional(), format: z.string().optional() });

/** Every field without the cross-field rules: derive form sections from this with `.pick`/`.partial`. */
export const createResponseBodyBaseSchema = z.looseObject({
  model: z.string().min(1),
  input: inputSchema.optional(),
  instructions: z.string().nullish(),
  conversation: conversationParamSchema.nullish(),
  previous_response_id: z.string().min(1).nullish(),
  prompt: promptParamSchema.nullish(),
  include: z.array(z.enum(INCLUDE_VALUES)).nullish(),
  text: textParamSchema.optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_obfuscation: z.boolean().optional() }).nullish(),
  store: z.boolean().nullish(),
  background: z.boolean().nullish(),
  webhook_url: httpUrlSchema.optional(),
  webhook_secret: z.string().min(LIMITS.webhook_secret.minLength).max(LIMITS.webhook_secret.maxLength).optional(),
  tools: z.array(toolSchema).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().nullish(),
  max_tool_calls: integerInRange(LIMITS.max_tool_calls).nullish(),
  reasoning: reasoningParamSchema.nullish(),
  auto_routing: z.boolean().optional(),
  auto_routing_debug: z.boolean().optional(),
  max_output_tokens: integerInRange(LIMITS.max_output_tokens).nullish(),
  temperature: decimalInRange(LIMITS.temperature).nullish(),
  top_p: decimalInRange(LIMITS.top_p).nullish(),
  top_logprobs: integerInRange(LIMITS.top_logprobs).nullish(),
  truncation: z.enum(TRUNCATION_MODES).nullish(),
  context_management: z.array(contextManagementEntrySchema).max(LIMITS.context_management.maxItems).nullish(),
  presence_penalty: decimalInRange(LIMITS.presence_penalty).nullish(),
  frequency_penalty: decimalInRange(LIMITS.frequency_penalty).nullish(),
  service_tier: z.enum(SERVICE_TIERS).nullish(),
  prompt_cache_key: z.string().nullish(),
  safety_identifier: z.string().max(LIMITS.safety_identifier.maxLength).nullish(),
  user: z.string().nullish(),
  metadata: metadataSchema.nullish(),
  modalities: modalitiesSchema.nullish(),
  audio: audioParamSchema.nullish(),
});

function addCombinationIssue(ctx: z.RefinementCtx, path: PropertyKey[], message: string) {
  ctx.addIssue({ code: 'custom', path, message, params: { code: 'invalid_combination', sentence: true } });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A specific tool_choice must point at a tool the request actually offers. */
function findMissingChosenTool(body: Record<string, unknown>): string | null {
  const choice = body.tool_choice;
  if (!isRecord(choice)) return null;
  const tools = (Array.isArray(body.tools) ? body.tools : []).filter(isRecord);
  if ((choice.type === 'function' || choice.type === 'custom') && typeof choice.name === 'string') {
    const found = tools.some((tool) => tool.type === choice.type && tool.name === choice.name);
    return found ? null : `it names the ${choice.type} tool '${choice.name}', but 'tools' has no ${choice.type} tool with that name.`;
  }
  if (choice.type === 'mcp' && typeof choice.server_label === 'string') {
    const found = tools.some((tool) => tool.type === 'mcp' && tool.server_label === choice.server_label);
    return found ? null : `it names the MCP server '${choice.server_label}', but 'tools' has no mcp tool with that server_label.`;
  }
  return null;
}

/**
 * Rules spanning several fields. It also runs when single fields already failed (so the form can show
 * every problem at once), hence it reads the body defensively rather than trusting the parsed types.
 */
export function checkCreateResponseBodyCombinations(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (body.conversation != null && body.previous_response_id != null) {
    addCombinationIssue(ctx, ['conversation'], "Invalid 'conversation': it cannot be used together with 'previous_response_id'.");
  }
  if (body.background === true && body.store === false) {
    addCombinationIssue(ctx, ['background'], "Invalid 'background': background responses must be stored, so 'store' cannot be false.");
  }
  if (body.webhook_url !== undefined && body.background !== true) {
    addCombinationIssue(ctx, ['webhook_url'], "Invalid 'webhook_url': it is only allowed when 'background' is true.");
  }
  if (body.webhook_secret !== undefined && body.webhook_url === undefined) {
    addCombinationIssue(ctx, ['webhook_secret'], "Invalid 'webhook_secret': it requires 'webhook_url'.");
  }
  const missingTool = findMissingChosenTool(body);
  if (missingTool !== null) addCombinationIssue(ctx, ['tool_choice'], `Invalid 'tool_choice': ${missingTool}`);
}

/** The request body as sent to POST /responses; unknown top-level keys pass through for newer gateways. */
export const createResponseBodySchema = createResponseBodyBaseSchema.superRefine(checkCreateResponseBodyCombinations, {
  when: (payload) => isRecord(payload.value),
});

export type CreateResponseBody = z.infer<typeof createResponseBodySchema>;
