// How a run reaches the gateway: four requests answered with fetch Responses (the playground's proxy by default; a
// recording replayer or a test passes its own).
import type { JsonObject } from '@/lib/transcript/types';
import type { RunError } from '@/lib/transcript/run-types';

export interface RunTransport {
  create(body: JsonObject, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  retrieve(id: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  /** Streams a background response again: every event, or those after `startingAfter`. */
  stream(id: string, startingAfter: number | null, headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  cancel(id: string, headers: Record<string, string>): Promise<Response>;
}

export function responsePath(id: string, query = ''): string {
  return `/api/responses/${encodeURIComponent(id)}${query}`;
}

/** The playground proxy (/api/responses) through `fetch`, read at call time so tests can stub it. */
export function createFetchTransport(fetcher: () => typeof fetch = () => fetch): RunTransport {
  return {
    create: (body, headers, signal) =>
      fetcher()('/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal }),
    retrieve: (id, headers, signal) => fetcher()(responsePath(id), { headers, signal }),
    stream: (id, startingAfter, headers, signal) =>
      fetcher()(responsePath(id, `?stream=true${startingAfter === null ? '' : `&starting_after=${startingAfter}`}`), { headers, signal }),
    cancel: (id, headers) => fetcher()(responsePath(id, '/cancel'), { method: 'POST', headers }),
  };
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body !== null;
}

/** Reads the error envelope and Retry-After (seconds or an HTTP date) of a non-2xx reply. */
export async function readHttpError(response: Response, now = Date.now()): Promise<RunError> {
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    const inner = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).error : undefined;
    if (typeof inner === 'object' && inner !== null) body = inner as Record<string, unknown>;
  } catch {
    body = {};
  }
  const pick = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    message: pick(body.message) ?? `HTTP ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`,
    type: pick(body.type),
    code: pick(body.code),
    param: pick(body.param),
    httpStatus: response.status,
    retryAfterSeconds: readRetryAfter(response.headers.get('retry-after'), now),
  };
}

function readRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
