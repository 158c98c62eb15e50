// What the gateway's operations read of a request and answer: a Web Request's view, or the standalone server's node:http one without building Web objects.
import { readBodyText } from '@/lib/http/body';
import { BODY_LIMIT } from './limits';
import { sseResponse, type SseReply } from './stream';

export interface GatewayRequest {
  readonly method: string;
  /** The absolute URL (path and query are read from it). */
  readonly url: string;
  /** One header, as `Headers.get` gives it (several values joined with ", "), or null. */
  header(name: string): string | null;
  /** The body as UTF-8 text, 413 past BODY_LIMIT. */
  text(): Promise<string>;
}

/** A JSON or error reply as a Web Response, or a stream still to be framed (see SseReply). */
export type GatewayReply = Response | SseReply;

export function fromWebRequest(request: Request): GatewayRequest {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    text: () => readBodyText(request, BODY_LIMIT),
  };
}

/** The reply as a Web Response: a stream is framed into a ReadableStream that stops when `signal` aborts. */
export function toWebResponse(reply: GatewayReply, signal: AbortSignal | null): Response {
  if (reply instanceof Response) return reply;
  return sseResponse(reply, signal);
}
