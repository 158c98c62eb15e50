// The one error envelope of our JSON routes, and reading a JSON body into it (jobs and webhooks routes).
import type { z } from 'zod';

export interface ApiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function errorResponse(status: number, message: string, options: { param?: string | null; code?: string | null; type?: string; headers?: HeadersInit } = {}): Response {
  const body: ApiErrorBody = {
    error: { message, type: options.type ?? (status < 500 ? 'invalid_request_error' : 'server_error'), param: options.param ?? null, code: options.code ?? null },
  };
  return Response.json(body, { status, headers: options.headers });
}

/** Parses a JSON request body against a schema: the data, or the 400 answer naming the failing field path. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<{ data: z.infer<T> } | { response: Response }> {
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { response: errorResponse(400, 'The request body is not valid JSON.', { code: 'invalid_json' }) };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  const param = issue?.path.length ? issue.path.map(String).join('.') : null;
  return { response: errorResponse(400, `${param ?? 'body'}: ${issue?.message ?? 'invalid'}`, { param, code: 'invalid_value' }) };
}

/** Runs a route body; an unexpected failure becomes a logged 500 with a request id (never the request body). */
export async function withErrorEnvelope(name: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const requestId = `req_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    console.error(`${name} failed (${requestId}): ${(error as Error).message}`);
    return errorResponse(500, `Internal error (request ${requestId}).`, { code: 'internal_error' });
  }
}
