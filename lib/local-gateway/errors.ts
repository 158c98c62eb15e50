// The local gateway's replies: JSON with no-store, and its errors as the shared ApiError envelope (lib/schema/errors).
import { ApiError, toErrorBody } from '@/lib/schema/errors';

export function badRequest(message: string, param: string | null = null, code: string | null = null): ApiError {
  return new ApiError(400, message, { param, code });
}

export function responseNotFound(id: string): ApiError {
  return new ApiError(404, `Response with id '${id}' not found.`, { param: 'response_id', code: 'not_found' });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(toErrorBody(error), error.status, error.headers);
}
