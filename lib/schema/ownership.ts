// Wire shapes of per-user data: which list (?view=mine|team|all) and the share toggle's body ({"shared": true}).
import { z } from 'zod';

/** `mine`: what I made; `team`: what anyone shared on purpose, and what was made before sign-in; `all`: both. */
export const ownerViewSchema = z.enum(['mine', 'team', 'all'], { error: 'must be mine, team or all' }).default('mine');
export type OwnerView = z.infer<typeof ownerViewSchema>;

export const shareBodySchema = z.object({ shared: z.boolean({ error: 'must be true or false' }) });
export type ShareBody = z.infer<typeof shareBodySchema>;
