// Turns a gateway reply into our reply: errors passed through, JSON relayed, SSE piped unbuffered (callGateway has already scrubbed secrets).
import 'server-only';
import { ApiError, toErrorBody } from '@/lib/schema';
import { passThroughSse, type SseObserver } from './sse-passthrough';

const PASSED_HEADERS = ['retry-after', 'x-request-id'];

export interface RelayContext {
  host: string;
  idleMs: number;
  abortUpstream: () => void;
}

function copyHeaders(upstream: Response, extra: Record<string, string>): Headers {
  const headers = new Headers(extra);
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** Loose on purpose: a gateway envelope with a message passes through as it came, whatever else it lacks or adds. */
function isErrorEnvelope(value: unknown): boolean {
  const error = (value as { error?: unknown } | null)?.error;
  return !!error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string';
}

/** A non-2xx gateway answer: its error body and status pass through; a body that is not an envelope is wrapped in one. */
export async function relayError(upstream: Response, context: RelayContext): Promise<Response> {
  const text = await upstream.text().catch(() => '');
  if (upstream.status < 400) {
    throw new ApiError(502, `The gateway at ${context.host} answered ${upstream.status} (a redirect), which the playground does not follow.`, {
      code: 'gateway_redirect',
    });
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const headers = copyHeaders(upstream, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  if (isErrorEnvelope(parsed)) return new Response(text, { status: upstream.status, headers });
  const snippet = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
  const message = `The gateway at ${context.host} answered ${upstream.status}${snippet ? `: ${snippet}` : ' with an empty body'}.`;
  const envelope = toErrorBody(new ApiError(upstream.status, message, { type: upstream.status >= 500 ? 'server_error' : 'invalid_request_error', code: 'upstream_error' }));
  return new Response(JSON.stringify(envelope), { status: upstream.status, headers });
}

export interface RelayHooks {
  /** Sees a parsed JSON success body before the browser gets it (awaited). */
  onJson?: (value: unknown) => Promise<void>;
  observer?: SseObserver;
}

export async function relay(upstream: Response, context: RelayContext, hooks: RelayHooks = {}): Promise<Response> {
  if (!upstream.ok) return relayError(upstream, context);
  const contentType = upstream.headers.get('content-type') ?? '';
  if (contentType.includes('text/event-stream') && upstream.body) {
    const body = passThroughSse(upstream.body, { idleMs: context.idleMs, abortUpstream: context.abortUpstream, observer: hooks.observer });
    const headers = copyHeaders(upstream, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    return new Response(body, { status: upstream.status, headers });
  }
  const text = await upstream.text().catch(() => {
    throw new ApiError(502, `The connection to the gateway at ${context.host} broke while its answer was being read.`, { code: 'gateway_unreachable' });
  });
  let value: unknown = null;
  try {
    value = text === '' ? null : JSON.parse(text);
  } catch {
    // A success the browser cannot read is the gateway's fault, not a 200 with a broken body.
    throw new ApiError(502, `The gateway at ${context.host} answered ${upstream.status} with a body that is not JSON${contentType ? ` (${contentType})` : ''}.`, {
      code: 'bad_gateway_reply',
    });
  }
  if (hooks.onJson) await hooks.onJson(value);
  const headers = copyHeaders(upstream, { 'Content-Type': contentType || 'application/json', 'Cache-Control': 'no-store' });
  return new Response(text, { status: upstream.status, headers });
}
