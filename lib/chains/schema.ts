// Wire shapes of the chain index API (/api/chains): entries, the forest, and the record body.
import { z } from 'zod';

const idSchema = z.string().trim().min(1, 'must not be empty').max(256, 'must be at most 256 characters');

/** One response the playground has seen, as the index API returns it. */
export const chainEntrySchema = z.object({
  id: z.string(),
  previous_response_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
  model: z.string().nullable(),
  status: z.string().nullable(),
  on_behalf_of: z.string().nullable(),
  stored: z.boolean().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChainEntry = z.infer<typeof chainEntrySchema>;

/** A node of the drawn forest; `missing` marks a parent id the index never saw. */
export type ChainNode = { id: string; entry: ChainEntry | null; children: ChainNode[] };

export const chainNodeSchema: z.ZodType<ChainNode> = z.lazy(() =>
  z.object({ id: z.string(), entry: chainEntrySchema.nullable(), children: z.array(chainNodeSchema) }),
);

export const conversationGroupSchema = z.object({
  id: z.string(),
  responses: z.array(chainEntrySchema),
});
export type ConversationGroup = z.infer<typeof conversationGroupSchema>;

export const chainIndexSchema = z.object({
  object: z.literal('chain_index'),
  roots: z.array(chainNodeSchema),
  conversations: z.array(conversationGroupSchema),
});
export type ChainIndex = z.infer<typeof chainIndexSchema>;

/** Body of POST /api/chains: what a browser lookup saw in a retrieved response (the parts the index keeps). */
export const recordSeenBodySchema = z.object({
  id: idSchema,
  previous_response_id: idSchema.nullish(),
  conversation: z.union([idSchema, z.looseObject({ id: idSchema })]).nullish(),
  model: z.string().max(256).nullish(),
  status: z.string().max(64).nullish(),
  store: z.boolean().nullish(),
});
export type RecordSeenBody = z.infer<typeof recordSeenBodySchema>;

/** Query of GET /api/chains: `on_behalf_of` present (even empty) filters to that user; absent lists everyone. */
export const chainIndexQuerySchema = z.object({
  on_behalf_of: z.string().max(256).optional(),
});

export const responseIdParamSchema = idSchema.regex(/^[A-Za-z0-9_.:-]+$/, 'must contain only letters, digits, _ . : -');

/** Items are shown whatever their shape: a non-object entry is wrapped so the unknown-item view can show it raw. */
const itemsSchema = z
  .array(z.unknown())
  .transform((items) =>
    items.map((item): Record<string, unknown> => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { type: 'unknown', value: item })),
  );

/** The parts of a retrieved Response the explorer reads; everything else is kept and shown raw. */
export const storedResponseSchema = z.looseObject({
  id: z.string(),
  object: z.unknown().optional(),
  created_at: z.number().nullish(),
  status: z.string().nullish(),
  model: z.string().nullish(),
  previous_response_id: z.string().nullish(),
  conversation: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  store: z.boolean().nullish(),
  output: itemsSchema.nullish(),
  usage: z.looseObject({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish(), total_tokens: z.number().nullish() }).nullish(),
});
export type StoredResponse = z.infer<typeof storedResponseSchema>;

export const inputItemsPageSchema = z.looseObject({
  object: z.unknown().optional(),
  data: itemsSchema,
  first_id: z.string().nullish(),
  last_id: z.string().nullish(),
  has_more: z.boolean().default(false),
});
export type InputItemsPage = z.infer<typeof inputItemsPageSchema>;

export function conversationIdOf(response: Pick<StoredResponse, 'conversation'>): string | null {
  const { conversation } = response;
  if (!conversation) return null;
  return typeof conversation === 'string' ? conversation : conversation.id;
}
