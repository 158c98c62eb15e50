// One request to the gateway over node:http(s) on keep-alive agents, its body read as a pull source (used only by callGateway).
import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * node:http rather than fetch (undici): in a profile of `next start` proxying streams, undici spent about 4 ms of CPU per
 * call before the reply's headers, and read every body through a web stream of its own in front of ours (issue #14).
 * Connections are kept alive and reused, as undici's pool did; redirects are never followed (node:http does not).
 */
/**
 * How long an idle kept-alive connection waits for its next request before it is closed (undici's default too), or the
 * server's `Keep-Alive: timeout` less a second when that is shorter (node:http reads it): a gateway, or a load balancer in
 * front of it, that drops idle connections on its side would otherwise fail the next call on a dead one. Only idle
 * sockets are closed by it; a request in flight never is.
 */
export const IDLE_CONNECTION_MS = 4_000;

export const agents: Record<string, http.Agent> = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/** What fetch sent, so a gateway sees the same request (it may compress its reply: decoded below, as fetch did). */
const DEFAULT_HEADERS = { 'User-Agent': 'node', 'Accept-Encoding': 'gzip, deflate' };

/** Statuses whose reply has no body (fetch gives them a null body too). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export interface GatewayRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Aborts the request, and later its reply's body, at any time. */
  signal: AbortSignal;
}

/** A body read in pieces: `read` gives every byte buffered now as one chunk (it waits only when none is), null at the end. */
export interface ByteSource {
  read(): Promise<Uint8Array | null>;
  cancel(reason?: unknown): Promise<void>;
}

export interface GatewayReply {
  status: number;
  statusText: string;
  headers: Headers;
  /** Null for a reply without a body (204, 304...). */
  body: ByteSource | null;
}

/** A connection that closed before its reply ended: read as fetch's "terminated" (the passthrough names the code). */
function prematureClose(): Error {
  return Object.assign(new Error('terminated'), { cause: { code: 'ECONNRESET' } });
}

/**
 * A Node readable as a ByteSource. Each read takes the whole buffer at once: a gateway writing each SSE event on its own
 * (thousands per run) reaches our streams as a few large chunks instead of one per socket read, without waiting for more
 * bytes than are already here (the first byte is never held). Node's flow control still pauses the socket when unread.
 */
export function nodeByteSource(body: Readable, destroy: () => void): ByteSource {
  let failure: Error | null = null;
  let isEnded = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  body.on('readable', notify);
  body.on('end', () => {
    isEnded = true;
    notify();
  });
  body.on('error', (error: Error) => {
    failure ??= error;
    notify();
  });
  body.on('close', () => {
    if (!isEnded) failure ??= prematureClose();
    notify();
  });
  return {
    async read() {
      for (;;) {
        const chunk = body.destroyed ? null : (body.read() as Buffer | null);
        if (chunk !== null) return chunk;
        if (isEnded) return null;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async cancel() {
      isEnded = true;
      destroy();
    },
  };
}

function headersOf(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let at = 0; at + 1 < raw.length; at += 2) headers.append(raw[at]!, raw[at + 1]!);
  return headers;
}

/** The reply's bytes as sent by the gateway before its content coding (gzip, deflate, br), as fetch gave them. */
function decodedBody(message: http.IncomingMessage, headers: Headers): Readable {
  const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  const decoder = coding === 'gzip' || coding === 'x-gzip' ? zlib.createGunzip() : coding === 'deflate' ? zlib.createInflate() : coding === 'br' ? zlib.createBrotliDecompress() : null;
  if (!decoder) return message;
  headers.delete('content-encoding');
  headers.delete('content-length');
  return pipeline(message, decoder, () => undefined);
}

/**
 * Sends one request; resolves once the reply's headers arrived (whatever the status), rejects when the gateway cannot be
 * reached or `signal` aborted first (the error's `code` names the cause, e.g. ECONNREFUSED).
 */
export function sendToGateway(url: URL, init: GatewayRequest): Promise<GatewayReply> {
  const isHttps = url.protocol === 'https:';
  const headers: Record<string, string> = { ...DEFAULT_HEADERS, ...init.headers };
  if (init.body) headers['Content-Length'] = String(init.body.byteLength);
  return new Promise<GatewayReply>((resolve, reject) => {
    const request = (isHttps ? https : http).request(url, { method: init.method, headers, agent: agents[url.protocol], signal: init.signal }, (message) => {
      const replyHeaders = headersOf(message);
      const status = message.statusCode ?? 502;
      const destroy = () => request.destroy();
      if (NULL_BODY_STATUSES.has(status) || init.method === 'HEAD') {
        message.resume();
        resolve({ status, statusText: message.statusMessage ?? '', headers: replyHeaders, body: null });
        return;
      }
      resolve({ status, statusText: message.statusMessage ?? '', headers: replyHeaders, body: nodeByteSource(decodedBody(message, replyHeaders), destroy) });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
