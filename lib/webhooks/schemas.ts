// Wire shapes of the webhook-capture routes, shared by the forms and the route handlers (isomorphic).
import { z } from 'zod';

export const captureAnswerSchema = z
  .object({
    answer_status: z.number().int().min(200, 'must be 200 to 599').max(599, 'must be 200 to 599').nullable().optional(),
    answer_delay_ms: z.number().int().min(0, 'must be 0 to 30000').max(30_000, 'must be 0 to 30000').nullable().optional(),
    /** Shows the capture and its deliveries to the team (its maker only). */
    shared: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((value) => value.answer_status !== undefined || value.answer_delay_ms !== undefined || value.shared !== undefined, {
    message: 'set answer_status, answer_delay_ms or shared',
    path: ['answer_status'],
  });
export type CaptureAnswer = z.infer<typeof captureAnswerSchema>;

export const replayBodySchema = z.object({
  target: z.string().trim().min(1).max(2_048).optional(),
});
