// Wire shapes of the chain index API (/api/chains): entries, the forest, and the record body.
import { z } from 'zod';
import { responseIdSchema } from '@/lib/schema/response';

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
  /** Who made it (null: before personal sign-in), whether it is shared with the team, and whether the reader may change it. */
  owner_id: z.string().nullable().default(null),
  shared: z.boolean().default(false),
  is_changeable: z.boolean().default(true),
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
  id: responseIdSchema,
  previous_response_id: responseIdSchema.nullish(),
  conversation: z.union([responseIdSchema, z.looseObject({ id: responseIdSchema })]).nullish(),
  model: z.string().max(256).nullish(),
  status: z.string().max(64).nullish(),
  store: z.boolean().nullish(),
});
export type RecordSeenBody = z.infer<typeof recordSeenBodySchema>;

/** Query of GET /api/chains: `on_behalf_of` present (even empty) filters to that user; absent lists everyone. */
export const chainIndexQuerySchema = z.object({
  on_behalf_of: z.string().max(256).optional(),
});
