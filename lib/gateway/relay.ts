// Turns a gateway reply into our reply: errors passed through, JSON relayed, SSE piped unbuffered (callGateway has already scrubbed secrets).
import 'server-only';
import { ApiError, toErrorBody } from '@/lib/schema';
import { noneAsNull } from '@/lib/schema/errors';
import { passThroughSse, type SseObserver, type StreamTap } from './sse-passthrough';

const PASSED_HEADERS = ['retry-after', 'x-request-id'];

export interface RelayContext {
  host: string;
  idleMs: number;
  abortUpstream: () => void;
  /** Called once when a relayed stream is over (its stream slot, see withStreamSlot); not called for other replies. */
  onStreamClosed?: () => void;
  /** Called once just before a relayed stream's first chunk goes out (or when it is over without one); not for other replies. */
  onStreamFirstChunk?: () => void;
}

function copyHeaders(upstream: Response, extra: Record<string, string>): Headers {
  const headers = new Headers(extra);
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

const DETAILS_LIMIT_CHARS = 64 * 1024;
const MESSAGE_LIMIT_CHARS = 300;

/** Loose on purpose: a gateway envelope with a message passes through as it came, whatever else it lacks or adds. */
/** A gateway's envelope as sent: only `message` is sure to be a string. */
interface SentEnvelope {
  error: Record<'type' | 'param' | 'code', unknown> & { message: string };
}

function isErrorEnvelope(value: unknown): value is SentEnvelope {
  const error = (value as { error?: unknown } | null)?.error;
  return !!error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string';
}

const textField = (value: unknown): string | null => (typeof value === 'string' ? noneAsNull(value) : null);

/** One readable line of a reply that is not an envelope: a traceback's last line (the exception), else the first line; tags and runs of spaces dropped. */
export function readableLine(text: string): string {
  const lines = text
    .replace(/<[^>]*>/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const line = (/^Traceback \(most recent call last\)/.test(lines[0] ?? '') ? lines.at(-1) : lines[0]) ?? '';
  return line.length > MESSAGE_LIMIT_CHARS ? `${line.slice(0, MESSAGE_LIMIT_CHARS)}…` : line;
}

/**
 * What a gateway's error reply says, as our envelope: a clean envelope as it came; one with `None` fields with them as
 * null; `{"error": "text"}` and `{"detail": "text"}` as that text; anything else (a traceback, an HTML page) as one
 * readable line. Whatever was rewritten keeps the whole reply in `details`, so the browser can show it on demand.
 */
export function readGatewayError(status: number, text: string, host: string): { body: string } | { error: ApiError } {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const details = text.length > DETAILS_LIMIT_CHARS ? `${text.slice(0, DETAILS_LIMIT_CHARS)}…` : text;
  const type = status >= 500 ? 'server_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  if (isErrorEnvelope(parsed)) {
    const { message, type: sentType, param, code } = parsed.error;
    const isClean = [sentType, param, code].every((field) => field === undefined || field === null || (typeof field === 'string' && noneAsNull(field) !== null));
    if (isClean) return { body: text };
    return { error: new ApiError(status, message, { type: textField(sentType) ?? type, param: textField(param), code: textField(code), details }) };
  }
  const object = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  const said = textField(object?.error) ?? textField(object?.detail) ?? textField(object?.message);
  if (said) return { error: new ApiError(status, readableLine(said) || said, { type, code: textField(object?.code) ?? 'upstream_error', details }) };
  const line = readableLine(text);
  const message = `The gateway at ${host} answered ${status}${line ? `: ${line}` : ' with an empty body'}.`;
  return { error: new ApiError(status, message, { type, code: 'upstream_error', details: text ? details : null }) };
}

/** A non-2xx gateway answer: its status passes through with its error as an envelope (see readGatewayError). */
export async function relayError(upstream: Response, context: RelayContext): Promise<Response> {
  const text = await upstream.text().catch(() => '');
  if (upstream.status < 400) {
    throw new ApiError(502, `The gateway at ${context.host} answered ${upstream.status} (a redirect), which the playground does not follow.`, {
      code: 'gateway_redirect',
    });
  }
  const headers = copyHeaders(upstream, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  const read = readGatewayError(upstream.status, text, context.host);
  return new Response('body' in read ? read.body : JSON.stringify(toErrorBody(read.error)), { status: upstream.status, headers });
}

export interface RelayHooks {
  /** Sees a parsed JSON success body before the browser gets it (awaited). */
  onJson?: (value: unknown) => Promise<void>;
  observer?: SseObserver;
  /** Sees an SSE reply's text as the browser is sent it (not called for other replies). */
  tap?: StreamTap;
}

export async function relay(upstream: Response, context: RelayContext, hooks: RelayHooks = {}): Promise<Response> {
  if (!upstream.ok) return relayError(upstream, context);
  const contentType = upstream.headers.get('content-type') ?? '';
  if (contentType.includes('text/event-stream') && upstream.body) {
    const body = passThroughSse(upstream.body, { idleMs: context.idleMs, abortUpstream: context.abortUpstream, onClosed: context.onStreamClosed, onFirstChunk: context.onStreamFirstChunk, observer: hooks.observer, tap: hooks.tap });
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
