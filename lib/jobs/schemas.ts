// Wire shapes of the jobs routes, shared by the forms and the route handlers (isomorphic).
import { z } from 'zod';

export const jobListQuerySchema = z.object({
  status: z.enum(['queued', 'in_progress', 'completed', 'failed', 'incomplete', 'cancelled']).optional(),
  q: z.string().trim().max(256).optional(),
});

export const trackJobBodySchema = z.object({
  response_id: z.string().trim().min(1, 'is required').max(256).regex(/^[\w.-]+$/, 'must be a response id such as resp_…'),
  on_behalf_of: z
    .string()
    .trim()
    .max(256)
    .regex(/^[\x20-\x7e]*$/, 'must be printable ASCII')
    .optional()
    .transform((value) => value || undefined),
});
export type TrackJobBody = z.infer<typeof trackJobBodySchema>;
