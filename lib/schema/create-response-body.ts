// Parsing entry points for the create body: one error envelope for routes, every issue for the form.
import { toErrorBody, type ApiErrorBody } from './errors';
import { formatZodIssues, type SchemaIssue } from './issues';
import { createResponseBodySchema, type CreateResponseBody } from './request';

export type ParseCreateResponseBodyResult = { ok: true; data: CreateResponseBody } | { ok: false; error: ApiErrorBody };

export function listCreateResponseBodyIssues(body: unknown): SchemaIssue[] {
  const result = createResponseBodySchema.safeParse(body);
  return result.success ? [] : formatZodIssues(result.error.issues, body);
}

export function parseCreateResponseBody(body: unknown): ParseCreateResponseBodyResult {
  const result = createResponseBodySchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: toErrorBody(result.error, body) };
}
