// How a run reaches the gateway: four requests answered with fetch Responses (the playground's proxy by default; a
// recording replayer or a test passes its own).
import { ApiError } from '@/lib/schema/api-error';
import { parseResponseId, responsePath, responseSnapshotSchema, type ResponseSnapshot } from '@/lib/schema/response';
import type { JsonObject } from '@/lib/transcript/types';
import type { RunError } from '@/lib/transcript/run-types';
import { localError } from './words';

export interface RunTransport {
  create(body: JsonObject, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  retrieve(id: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  /** Streams a background response again: every event, or those after `startingAfter`. */
  stream(id: string, startingAfter: number | null, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  cancel(id: string, headers: Record<string, string>): Promise<Response>;
}

/**
 * Calls the proxy at `/api/responses/{id}…` (the one id rule, percent-encoded as one segment). An id the rule refuses
 * is answered here with the 400 the proxy would give, naming the field, and never sent.
 */
async function callResponse(fetcher: typeof fetch, id: string, action: 'cancel' | undefined, query: string, init: RequestInit): Promise<Response> {
  const parsed = parseResponseId(id);
  if (!parsed.ok) return Response.json(parsed.error, { status: 400 });
  return fetcher(`/api${responsePath(parsed.id, action)}${query}`, init);
}

/** The playground proxy (/api/responses) through `fetch`, read at call time so tests can stub it. */
export function createFetchTransport(fetcher: () => typeof fetch = () => fetch): RunTransport {
  return {
    create: (body, headers, signal) =>
      fetcher()('/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal }),
    retrieve: (id, headers, signal) => callResponse(fetcher(), id, undefined, '', { headers, signal }),
    stream: (id, startingAfter, headers, signal) =>
      callResponse(fetcher(), id, undefined, `?stream=true${startingAfter === null ? '' : `&starting_after=${startingAfter}`}`, { headers, signal }),
    cancel: (id, headers) => callResponse(fetcher(), id, 'cancel', '', { method: 'POST', headers }),
  };
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body !== null;
}

/**
 * A non-2xx reply as the turn's error: its envelope read by the one error reader (`ApiError.fromReply`, missing
 * fields take the protocol's defaults), else the status line and the start of the body; and Retry-After (seconds or
 * an HTTP date).
 */
export async function readHttpError(response: Response, now = Date.now()): Promise<RunError> {
  const text = await response.text().catch(() => '');
  const retryAfterSeconds = readRetryAfter(response.headers.get('retry-after'), now);
  const error = ApiError.fromReply(response.status, parseJson(text));
  if (error) return { message: error.message, type: error.type, code: error.code, param: error.param, httpStatus: response.status, retryAfterSeconds, ...(error.details ? { details: error.details } : {}) };
  const message = `HTTP ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`;
  return { message, type: null, code: null, param: null, httpStatus: response.status, retryAfterSeconds };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A 2xx JSON reply read by the shared response schema: the snapshot, or the turn's error when it is not a response object. */
export async function readResponseSnapshot(response: Response): Promise<{ ok: true; snapshot: ResponseSnapshot } | { ok: false; error: RunError }> {
  const parsed = responseSnapshotSchema.safeParse(parseJson(await response.text()));
  if (parsed.success) return { ok: true, snapshot: parsed.data };
  const message = `The gateway answered ${response.status} with something that is not a response object.`;
  return { ok: false, error: { ...localError(message, 'unexpected_reply'), httpStatus: response.status } };
}

function readRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
