// The typed error of the playground's API (HTTP status and the envelope's fields). No zod at run time: the browser's one
// fetcher reads error replies with it on every page, and the shell should not carry the schema library for that.
import type { ApiErrorBody } from './errors';

function readObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function readText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Python gateways write `None` (and some `null`) as a string where a field has no value. */
export function noneAsNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === 'None' || value === 'null' || value === '' ? null : value;
}

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

  /**
   * An error reply read back (ours or a gateway's): its envelope when it has one with a message, else null. Missing
   * fields take their defaults; a field that is not text counts as missing.
   */
  static fromReply(status: number, body: unknown): ApiError | null {
    const fields = readObject(readObject(body)?.error);
    if (!fields || typeof fields.message !== 'string') return null;
    return new ApiError(status, fields.message, {
      type: noneAsNull(readText(fields.type)) ?? undefined,
      param: noneAsNull(readText(fields.param)),
      code: noneAsNull(readText(fields.code)),
      details: readText(fields.details) ?? undefined,
    });
  }
}

