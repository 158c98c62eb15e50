// The gateway's one error type and its JSON envelope `{"error": {message, type, param, code}}`.
export interface ErrorEnvelope {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export class GatewayError extends Error {
  readonly body: ErrorEnvelope;

  constructor(
    readonly status: number,
    message: string,
    options: { type?: string; param?: string | null; code?: string | null; headers?: Record<string, string> } = {},
    readonly headers: Record<string, string> = options.headers ?? {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.body = {
      error: {
        message,
        type: options.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: options.param ?? null,
        code: options.code ?? null,
      },
    };
  }

  static fromEnvelope(status: number, envelope: ErrorEnvelope): GatewayError {
    const { message, type, param, code } = envelope.error;
    return new GatewayError(status, message, { type, param, code });
  }
}

export function badRequest(message: string, param: string | null = null, code: string | null = null): GatewayError {
  return new GatewayError(400, message, { param, code });
}

export function responseNotFound(id: string): GatewayError {
  return new GatewayError(404, `Response with id '${id}' not found.`, { param: 'response_id', code: 'not_found' });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: GatewayError): Response {
  return jsonResponse(error.body, error.status, error.headers);
}
