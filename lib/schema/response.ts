// The response side of the wire, written once: statuses, response ids, output items, responses, stream events, lists, webhooks.
// Loose objects, so a gateway's extra fields are kept; every other module imports these instead of declaring its own.
import { z } from 'zod';
import { ApiError, makeApiError, type ApiErrorBody } from './errors';
import { RESPONSE_STATUSES, TERMINAL_STATUSES } from './constants';
import { hasUnprintable, isDotSegment, RESPONSE_ID_MAX_LENGTH, RESPONSE_ID_REFUSALS } from './response-id';

export const responseStatusSchema = z.enum(RESPONSE_STATUSES);

export { RESPONSE_ID_MAX_LENGTH } from './response-id';

/** The one response-id rule (response-id.ts): any printable text up to RESPONSE_ID_MAX_LENGTH, except `.` and `..`. */
export const responseIdSchema = z
  .string()
  .min(1, RESPONSE_ID_REFUSALS.empty)
  .max(RESPONSE_ID_MAX_LENGTH, RESPONSE_ID_REFUSALS.tooLong)
  .refine((id) => !hasUnprintable(id), RESPONSE_ID_REFUSALS.unprintable)
  .refine((id) => !isDotSegment(id), RESPONSE_ID_REFUSALS.dotSegment);

export type ParsedResponseId = { ok: true; id: string } | { ok: false; error: ApiErrorBody };

/** Checks a response id from a path segment, query or body field; a refusal is the 400 envelope naming `param`. */
export function parseResponseId(raw: unknown, param = 'id'): ParsedResponseId {
  const parsed = responseIdSchema.safeParse(raw);
  if (parsed.success) return { ok: true, id: parsed.data };
  const reason = parsed.error.issues[0]?.message ?? 'is invalid';
  return { ok: false, error: makeApiError(`The response id (${param}) ${reason}.`, { param, code: 'invalid_id' }) };
}

/** For route functions: the id under the one rule, or the thrown 400 ApiError naming `param`. */
export function requireResponseId(raw: unknown, param = 'id'): string {
  const parsed = parseResponseId(raw, param);
  if (!parsed.ok) throw ApiError.fromBody(400, parsed.error);
  return parsed.id;
}

/**
 * `/responses/{id}` (plus `/cancel` or `/input_items`) with the id percent-encoded as one segment. Throws on an id the
 * rule refuses: URLs resolve `.` and `..` segments even percent-encoded (`%2E%2E`), so no encoding makes them safe.
 */
export function responsePath(id: string, action?: 'cancel' | 'input_items'): string {
  if (!responseIdSchema.safeParse(id).success) throw new TypeError('responsePath: check the id with parseResponseId first');
  return `/responses/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

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

/** List items are shown whatever their shape: a non-object entry is wrapped so the unknown-item view can show it raw. */
export const shownItemsSchema = z
  .array(z.unknown())
  .transform((items) =>
    items.map((item): Record<string, unknown> => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { type: 'unknown', value: item })),
  );

/** A response's `conversation`: `{id}` as the protocol writes it, or a bare id as some gateways do. */
export const conversationRefSchema = z.union([z.string(), z.looseObject({ id: z.string() })]);

export function conversationIdOf(response: { conversation?: z.infer<typeof conversationRefSchema> | null }): string | null {
  const { conversation } = response;
  if (!conversation) return null;
  return typeof conversation === 'string' ? conversation : conversation.id;
}

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
  conversation: conversationRefSchema.nullish(),
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

type LenientShape<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodCatch<z.ZodOptional<z.ZodNullable<S[K]>>> };

/** Every field of `shape` read leniently: missing, null, or of a type another gateway got wrong, it reads as null (absent stays absent); the object is kept. */
function lenientShape<S extends Record<string, z.ZodType>>(shape: S): LenientShape<S> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.nullish().catch(null)])) as LenientShape<S>;
}

/** Token usage as a gateway reports it: any count may be missing (the views show a dash for it). */
export const reportedUsageSchema = z.looseObject(lenientShape(usageSchema.shape));
export type ReportedUsage = z.infer<typeof reportedUsageSchema>;

/** A response's `error` as a gateway reports it: kept even without a message (the transcript then says none was given). */
const reportedErrorSchema = z.looseObject(lenientShape(responseErrorSchema.shape));

/**
 * A response as the browser and the recorders read one: a lifecycle event's snapshot (which may omit anything) or a
 * retrieved object from any gateway. The fields of responseObjectSchema, each lenient; output items of any shape are
 * kept (shownItemsSchema), and so is an `error` of any shape.
 */
export const responseSnapshotSchema = z.looseObject({
  ...lenientShape(responseObjectSchema.shape),
  usage: reportedUsageSchema.nullish().catch(null),
  error: reportedErrorSchema.nullish().catch(null),
  output: shownItemsSchema.nullish().catch(null),
});

export type ResponseSnapshot = z.infer<typeof responseSnapshotSchema>;

/** A retrieved response (the chain explorer, the proxy's recorders, the jobs poller, opening a thread): a snapshot with its id. */
export const retrievedResponseSchema = responseSnapshotSchema.extend({ id: z.string() });

export type RetrievedResponse = z.infer<typeof retrievedResponseSchema>;

export const streamEventSchema = z.looseObject({
  type: z.string(),
  sequence_number: z.number().optional(),
});

export type StreamEvent = z.infer<typeof streamEventSchema>;

/** `response.<status>` for every status, plus `response.created`: the events that carry the whole response. */
export const LIFECYCLE_EVENT_TYPES: readonly string[] = ['response.created', ...RESPONSE_STATUSES.map((status) => `response.${status}`)];

/** The events after which a stream has nothing more to say: `error` and `response.<terminal status>`. */
export const TERMINAL_EVENT_TYPES: readonly string[] = ['error', ...TERMINAL_STATUSES.map((status) => `response.${status}`)];

export function isLifecycleEventType(type: string): boolean {
  return LIFECYCLE_EVENT_TYPES.includes(type);
}

export function isTerminalEventType(type: string): boolean {
  return TERMINAL_EVENT_TYPES.includes(type);
}

/** A page of `input_items`, read leniently (`object` and `has_more` may be missing at another gateway). */
export const inputItemListSchema = z.looseObject({
  object: z.unknown().optional(),
  data: shownItemsSchema,
  first_id: z.string().nullish(),
  last_id: z.string().nullish(),
  has_more: z.boolean().default(false),
});

export type InputItemList = z.infer<typeof inputItemListSchema>;

export const deletedResponseSchema = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  deleted: z.boolean(),
});

export type DeletedResponse = z.infer<typeof deletedResponseSchema>;

/** The webhook body (docs/protocol.md, "Webhooks"): `type` is `response.<status>`, `data` carries the id and that status. */
export const webhookEventSchema = z.looseObject({
  id: z.string(),
  object: z.literal('event'),
  type: z.string().regex(/^response\.[a-z_]+$/),
  created_at: z.number(),
  data: z.looseObject({ id: z.string(), status: z.string().optional() }),
});

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
