// What a gateway sends back (responses, items, usage, stream events, lists, webhooks): loose, so extras are kept.
import { z } from 'zod';
import { RESPONSE_STATUSES } from './constants';

export const responseStatusSchema = z.enum(RESPONSE_STATUSES);

export const usageSchema = z.looseObject({
  input_tokens: z.number(),
  input_tokens_details: z.looseObject({ cached_tokens: z.number().optional() }).nullish(),
  output_tokens: z.number(),
  output_tokens_details: z.looseObject({ reasoning_tokens: z.number().optional() }).nullish(),
  total_tokens: z.number(),
});

export type Usage = z.infer<typeof usageSchema>;

export const outputItemSchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  status: z.string().optional(),
});

export type OutputItem = z.infer<typeof outputItemSchema>;

export const responseErrorSchema = z.looseObject({ code: z.string().nullish(), message: z.string() });

/** Only id and status are required: a snapshot inside an early stream event may omit the rest. */
export const responseObjectSchema = z.looseObject({
  id: z.string(),
  object: z.unknown().optional(),
  created_at: z.number().optional(),
  completed_at: z.number().nullish(),
  status: z.string(),
  error: responseErrorSchema.nullish(),
  incomplete_details: z.looseObject({ reason: z.string().optional() }).nullish(),
  background: z.boolean().nullish(),
  instructions: z.unknown().optional(),
  max_output_tokens: z.number().nullish(),
  max_tool_calls: z.number().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  model: z.string().optional(),
  output: z.array(outputItemSchema).optional(),
  output_text: z.string().optional(),
  parallel_tool_calls: z.boolean().optional(),
  previous_response_id: z.string().nullish(),
  conversation: z.looseObject({ id: z.string() }).nullish(),
  store: z.boolean().optional(),
  text: z.looseObject({}).nullish(),
  tool_choice: z.unknown().optional(),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
  truncation: z.string().nullish(),
  usage: usageSchema.nullish(),
  user: z.string().nullish(),
  reasoning: z.looseObject({ effort: z.string().nullish(), summary: z.string().nullish() }).nullish(),
  service_tier: z.string().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  top_logprobs: z.number().nullish(),
});

export type ResponseObject = z.infer<typeof responseObjectSchema>;

export const streamEventSchema = z.looseObject({
  type: z.string(),
  sequence_number: z.number().optional(),
});

export type StreamEvent = z.infer<typeof streamEventSchema>;

export const inputItemListSchema = z.looseObject({
  object: z.literal('list'),
  data: z.array(outputItemSchema),
  first_id: z.string().nullish(),
  last_id: z.string().nullish(),
  has_more: z.boolean(),
});

export type InputItemList = z.infer<typeof inputItemListSchema>;

export const deletedResponseSchema = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  deleted: z.boolean(),
});

export type DeletedResponse = z.infer<typeof deletedResponseSchema>;

/** Section A's webhook body: `type` is `response.<status>`, `data` carries the id and that status. */
export const webhookEventSchema = z.looseObject({
  id: z.string(),
  object: z.literal('event'),
  type: z.string().regex(/^response\.[a-z_]+$/),
  created_at: z.number(),
  data: z.looseObject({ id: z.string(), status: z.string().optional() }),
});

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
