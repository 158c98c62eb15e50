// The one answer to a failed route: ApiError and ZodError become the error envelope, anything else a logged 500 with a request id.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, parseOrThrow, toErrorResponse } from '@/lib/schema/errors';

/** The reply for anything a route function threw; unexpected faults are logged by name and request id (never a body). */
export function answerError(error: unknown, name: string): Response {
  if (error instanceof ApiError || error instanceof z.ZodError) return toErrorResponse(error);
  const requestId = `req_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  console.error(`${name} failed (request ${requestId}): ${error instanceof Error ? error.name : typeof error}`);
  return toErrorResponse(new ApiError(500, `The playground failed unexpectedly (request ${requestId}).`, { code: 'internal_error' }));
}

/** Wraps a route function: it returns its reply or throws, and this answers the throw. */
export function withRoute<Args extends unknown[]>(name: string, handler: (...args: Args) => Promise<Response> | Response): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return answerError(error, name);
    }
  };
}

/** A JSON request body checked against a schema; an empty body counts as `{}`. Throws 400 invalid_json or the schema's 400 naming the field. */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', { code: 'invalid_json' });
  }
  return parseOrThrow(schema, raw);
}

/** Query parameters checked against a schema (a repeated name keeps its first value, an empty one stays ''); throws the schema's 400 naming the parameter. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) if (!(name in raw)) raw[name] = value;
  return parseOrThrow(schema, raw);
}
