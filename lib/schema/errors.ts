// The one error envelope `{"error": {message, type, param, code}}`: its schema, the typed ApiError, and the only builder of the envelope.
import { z } from 'zod';
import { formatZodIssues } from './issues';

export { zodPathToParam } from './param';

export const apiErrorSchema = z.looseObject({
  message: z.string(),
  type: z.string(),
  param: z.string().nullable(),
  code: z.string().nullable(),
});

export const apiErrorBodySchema = z.looseObject({ error: apiErrorSchema });

/** What the readers accept: any envelope with a message (gateways omit fields at times). */
const errorReplySchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional().catch(undefined),
    param: z.string().nullish().catch(null),
    code: z.string().nullish().catch(null),
    details: z.string().optional().catch(undefined),
  }),
});

/** Python gateways write `None` (and some `null`) as a string where a field has no value. */
export function noneAsNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === 'None' || value === 'null' || value === '' ? null : value;
}

export type ApiErrorFields = z.infer<typeof apiErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export interface ApiErrorOptions {
  type?: string;
  param?: string | null;
  code?: string | null;
  /** Extra reply headers, such as Retry-After or Allow. */
  headers?: Record<string, string>;
  /** The whole reply a readable message was taken from (a gateway's traceback, say), shown on demand. */
  details?: string | null;
}

/** The category the protocol uses for a status when the thrower names none (400/401/404 are all invalid_request_error there). */
export function defaultErrorType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** A failure with an HTTP status and the envelope's fields; thrown by route functions and the gateways, read back by the browser's fetcher. */
export class ApiError extends Error {
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
  readonly headers: Record<string, string>;
  readonly details: string | null;

  constructor(
    readonly status: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = options.type ?? defaultErrorType(status);
    this.param = options.param ?? null;
    this.code = options.code ?? null;
    this.headers = options.headers ?? {};
    this.details = options.details ?? null;
  }

  /** The error an envelope describes (a gateway's, a schema check's, or one read back from our own routes). */
  static fromBody(status: number, body: ApiErrorBody, headers?: Record<string, string>): ApiError {
    const { message, type, param, code } = body.error;
    return new ApiError(status, message, { type, param, code, headers });
  }

  /** An error reply read back (ours or a gateway's): its envelope when it has one with a message, else null. Missing fields take their defaults. */
  static fromReply(status: number, body: unknown): ApiError | null {
    const parsed = errorReplySchema.safeParse(body);
    if (!parsed.success) return null;
    const { message, type, param, code, details } = parsed.data.error;
    return new ApiError(status, message, { type: noneAsNull(type) ?? undefined, param: noneAsNull(param), code: noneAsNull(code), details });
  }

  /** The first issue of a failed schema check as a 400 naming the field; `input` (the checked value) makes the message say what was wrong with it. */
  static fromZod(error: z.ZodError, input?: unknown): ApiError {
    const issue = formatZodIssues(error.issues, input)[0];
    if (!issue) return new ApiError(400, 'The request is invalid.', { code: 'invalid_value' });
    return new ApiError(400, issue.message, { param: issue.param === '' ? null : issue.param, code: issue.code });
  }
}

/** The only place the envelope is built: from an ApiError, or from a ZodError (a 400 naming the field as `tools[2].x`). */
export function toErrorBody(error: ApiError | z.ZodError, input?: unknown): ApiErrorBody {
  const apiError = error instanceof ApiError ? error : ApiError.fromZod(error, input);
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
  const apiError = error instanceof ApiError ? error : ApiError.fromZod(error, input);
  const headers = new Headers({ 'Cache-Control': 'no-store', ...apiError.headers });
  return Response.json(toErrorBody(apiError), { status: apiError.status, headers });
}

/** Parses `value` or throws the 400 ApiError naming the first failing field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw ApiError.fromZod(result.error, value);
  return result.data;
}
