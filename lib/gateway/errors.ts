// The one error class of the proxy, mapped to HTTP statuses and the shared error envelope.
import 'server-only';

export interface ErrorEnvelope {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export interface GatewayErrorOptions {
  type?: string;
  param?: string | null;
  code?: string | null;
  retryAfterSeconds?: number;
}

/** A failure our proxy answers itself (the gateway's own error bodies pass through untouched instead). */
export class GatewayError extends Error {
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    message: string,
    options: GatewayErrorOptions = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.type = options.type ?? defaultType(status);
    this.param = options.param ?? null;
    this.code = options.code ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }

  toResponse(): Response {
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (this.retryAfterSeconds !== undefined) headers.set('Retry-After', String(this.retryAfterSeconds));
    return Response.json(this.toEnvelope(), { status: this.status, headers });
  }
}

function defaultType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Turns anything thrown inside a proxy function into a reply; unexpected faults become a logged 500. */
export function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof GatewayError) return error.toResponse();
  console.error(`[gateway] unexpected failure request=${requestId} kind=${error instanceof Error ? error.name : typeof error}`);
  return new GatewayError(500, `The playground proxy failed unexpectedly (request ${requestId}).`, { code: 'proxy_internal_error' }).toResponse();
}
