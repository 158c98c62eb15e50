// Wire shapes of the webhook-capture routes, shared by the forms and the route handlers (isomorphic).
import { z } from 'zod';

export const captureAnswerSchema = z
  .object({
    answerStatus: z.number().int().min(200, 'must be 200 to 599').max(599, 'must be 200 to 599').nullable().optional(),
    answerDelayMs: z.number().int().min(0, 'must be 0 to 30000').max(30_000, 'must be 0 to 30000').nullable().optional(),
  })
  .refine((value) => value.answerStatus !== undefined || value.answerDelayMs !== undefined, { message: 'set answerStatus or answerDelayMs', path: ['answerStatus'] });
export type CaptureAnswer = z.infer<typeof captureAnswerSchema>;

export const replayBodySchema = z.object({
  target: z.string().trim().min(1).max(2_048).optional(),
});
