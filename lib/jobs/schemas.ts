// Wire shapes of the jobs routes, shared by the forms and the route handlers (isomorphic).
import { z } from 'zod';
import { responseIdSchema, responseStatusSchema } from '@/lib/schema/response';

export const jobListQuerySchema = z.object({
  status: responseStatusSchema.optional(),
  q: z.string().trim().max(256).optional(),
});

export const trackJobBodySchema = z.object({
  /** Typed or pasted into a form: surrounding spaces are dropped before the one id rule. */
  response_id: z.string().trim().pipe(responseIdSchema),
  on_behalf_of: z
    .string()
    .trim()
    .max(256)
    .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII')
    .optional()
    .transform((value) => value || undefined),
});
export type TrackJobBody = z.infer<typeof trackJobBodySchema>;
