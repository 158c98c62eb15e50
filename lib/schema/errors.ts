// The one error envelope `{"error": {message, type, param, code}}`: its schema and the only builder of the envelope; the
// typed ApiError itself is api-error.ts (no zod, so the browser's fetcher does not load it on every page).
import { z } from 'zod';
import { ApiError, type ApiErrorOptions } from './api-error';
import { formatZodIssues } from './issues';

export { ApiError, defaultErrorType, noneAsNull, type ApiErrorOptions } from './api-error';

export { zodPathToParam } from './param';

export const apiErrorSchema = z.looseObject({
  message: z.string(),
  type: z.string(),
  param: z.string().nullable(),
  code: z.string().nullable(),
});

export const apiErrorBodySchema = z.looseObject({ error: apiErrorSchema });

export type ApiErrorFields = z.infer<typeof apiErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * The first issue of a failed schema check as a 400 naming the field; `input` (the checked value) makes the message say
 * what was wrong with it. A function here, not a static of ApiError, so the issue formatter stays out of the shell.
 */
export function apiErrorFromZod(error: z.ZodError, input?: unknown): ApiError {
  const issue = formatZodIssues(error.issues, input)[0];
  if (!issue) return new ApiError(400, 'The request is invalid.', { code: 'invalid_value' });
  return new ApiError(400, issue.message, { param: issue.param === '' ? null : issue.param, code: issue.code });
}

/** The only place the envelope is built: from an ApiError, or from a ZodError (a 400 naming the field as `tools[2].x`). */
export function toErrorBody(error: ApiError | z.ZodError, input?: unknown): ApiErrorBody {
  const apiError = error instanceof ApiError ? error : apiErrorFromZod(error, input);
  const body: ApiErrorBody = { error: { message: apiError.message, type: apiError.type, param: apiError.param, code: apiError.code } };
  if (apiError.details !== null) body.error.details = apiError.details;
  return body;
}

/** Shorthand for an envelope without a status, for results that carry it (header checks, form validation). */
export function makeApiError(message: string, options: Omit<ApiErrorOptions, 'headers'> = {}): ApiErrorBody {
  return toErrorBody(new ApiError(400, message, options));
}

/** The JSON reply for an error: status, envelope, `Cache-Control: no-store` and the error's own headers. */
export function toErrorResponse(error: ApiError | z.ZodError, input?: unknown): Response {
  const apiError = error instanceof ApiError ? error : apiErrorFromZod(error, input);
  const headers = new Headers({ 'Cache-Control': 'no-store', ...apiError.headers });
  return Response.json(toErrorBody(apiError), { status: apiError.status, headers });
}

/** Parses `value` or throws the 400 ApiError naming the first failing field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw apiErrorFromZod(result.error, value);
  return result.data;
}
