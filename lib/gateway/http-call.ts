// One request to the gateway over undici's dispatcher on kept-alive connections, its body read as a pull source (used only by callGateway).
import 'server-only';
import zlib from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';

/**
 * How long an idle kept-alive connection waits for its next request before it is closed, or the server's
 * `Keep-Alive: timeout` less a second when that is shorter: a gateway, or a load balancer in front of it, that drops idle
 * connections on its side would otherwise fail the next call on a dead one. Only idle connections are closed by it; a
 * request in flight never is.
 */
export const IDLE_CONNECTION_MS = 4_000;

/**
 * undici's dispatcher, not fetch and not node:http. Fetch spent about 4 ms of CPU per call before the reply's headers and
 * read every body through a web stream of its own in front of ours. node:http hands each piece of a chunked body from C++
 * to JavaScript on its own: a gateway writing every SSE event as its own chunk (thousands a run) cost the proxy about
 * 0.55 s of CPU per 50 streams of 5,000 events, against 0.13 s here (issue #14). Redirects are never followed (the
 * dispatcher does not). Its own timeouts (connect, headers, body) are off, as node:http had none: callGateway's
 * GATEWAY_TIMEOUT_MS and the passthrough's idle timer are the only ones.
 */
const gatewayAgent = new Agent({ keepAliveTimeout: IDLE_CONNECTION_MS, keepAliveTimeoutThreshold: 1_000, connectTimeout: 0, headersTimeout: 0, bodyTimeout: 0 });

/** What fetch sent, so a gateway sees the same request (it may compress its reply: decoded below, as fetch did). */
const DEFAULT_HEADERS = { 'User-Agent': 'node', 'Accept-Encoding': 'gzip, deflate' };

/** Statuses whose reply has no body (fetch gives them a null body too; 1xx replies are passed over). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

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

function headersOf(raw: readonly Buffer[]): Headers {
  const headers = new Headers();
  for (let at = 0; at + 1 < raw.length; at += 2) headers.append(raw[at]!.toString('latin1'), raw[at + 1]!.toString('latin1'));
  return headers;
}

/** The decoder of a reply's content coding (gzip, deflate, br), its coding headers dropped as fetch did; null when it has none. */
function decoderFor(headers: Headers): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  const decoder = coding === 'gzip' || coding === 'x-gzip' ? zlib.createGunzip() : coding === 'deflate' ? zlib.createInflate() : coding === 'br' ? zlib.createBrotliDecompress() : null;
  if (!decoder) return null;
  headers.delete('content-encoding');
  headers.delete('content-length');
  return decoder;
}

/** Where the dispatcher puts a reply's body as it arrives. `push` returns false when reading should pause until `resume`. */
interface BodySink {
  push(chunk: Buffer): boolean;
  end(): void;
  fail(error: Error): void;
}

/** While this much waits unread, the gateway's connection is not read (its flow control holds the gateway back). */
const PAUSE_AT_BYTES = 64 * 1024;

/**
 * A body as it arrives: each read takes everything queued as one chunk, waiting only when nothing is (the first byte is
 * never held). A gateway writing each SSE event on its own (thousands a run) reaches our streams as a few large chunks.
 * The bytes that came before a failure are read first, then the failure is thrown.
 */
function queuedBody(resume: () => void, stop: () => void): { source: ByteSource; sink: BodySink } {
  let queue: Buffer[] = [];
  let queuedBytes = 0;
  let isPaused = false;
  let isEnded = false;
  let isCancelled = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const sink: BodySink = {
    push(chunk) {
      if (isCancelled) return true;
      queue.push(chunk);
      queuedBytes += chunk.byteLength;
      notify();
      isPaused = queuedBytes >= PAUSE_AT_BYTES;
      return !isPaused;
    },
    end() {
      isEnded = true;
      notify();
    },
    fail(error) {
      failure ??= error;
      notify();
    },
  };
  const source: ByteSource = {
    async read() {
      for (;;) {
        if (isCancelled) return null;
        if (queue.length > 0) {
          const chunk = queue.length === 1 ? queue[0]! : Buffer.concat(queue, queuedBytes);
          queue = [];
          queuedBytes = 0;
          if (isPaused) {
            isPaused = false;
            resume();
          }
          return chunk;
        }
        if (isEnded) return null;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async cancel() {
      isCancelled = true;
      queue = [];
      queuedBytes = 0;
      stop();
      notify();
    },
  };
  return { source, sink };
}

/**
 * A coded body (a rare reply): its bytes go through `decoder`, a stream of node's own, and what comes out is queued as a
 * plain body's bytes are. Each side holds the other back: the reader's pause stops the decoder's output, whose full
 * buffers stop its input, whose `drain` resumes the dispatcher.
 */
function decodedBody(decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress, resume: () => void, stop: () => void): { source: ByteSource; sink: BodySink } {
  const cancel = () => {
    decoder.destroy();
    stop();
  };
  const decoded = queuedBody(() => decoder.resume(), cancel);
  decoder.on('data', (chunk: Buffer) => {
    if (!decoded.sink.push(chunk)) decoder.pause();
  });
  decoder.on('end', () => decoded.sink.end());
  decoder.on('error', (error: Error) => decoded.sink.fail(error));
  decoder.on('drain', resume);
  return {
    source: decoded.source,
    sink: {
      push: (chunk) => decoder.write(chunk),
      end: () => decoder.end(),
      fail: (error) => {
        decoder.destroy();
        decoded.sink.fail(error);
      },
    },
  };
}

function abortError(): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

/**
 * The dispatcher's failures as node:http named them, for the messages users read: a connection that closed early is
 * ECONNRESET (before the headers, "unreachable (ECONNRESET)"; in the body, fetch's "terminated"). Others are as they came
 * (ECONNREFUSED, ENOTFOUND, a TLS error's code...).
 */
function asNodeError(error: Error, inBody: boolean): Error {
  if ((error as { code?: unknown }).code !== 'UND_ERR_SOCKET') return error;
  return inBody ? prematureClose() : Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/**
 * Sends one request; resolves once the reply's headers arrived (whatever the status), rejects when the gateway cannot be
 * reached or `signal` aborted first (the error's `code` names the cause, e.g. ECONNREFUSED). The signal also ends the
 * body while it is read; cancelling the body closes the connection.
 */
export function sendToGateway(url: URL, init: GatewayRequest): Promise<GatewayReply> {
  return sendThrough(gatewayAgent, url, init);
}

/** sendToGateway through any dispatcher (a test's, e.g. one whose connection never comes). */
export function sendThrough(dispatcher: Pick<Dispatcher, 'dispatch'>, url: URL, init: GatewayRequest): Promise<GatewayReply> {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS, ...init.headers };
  if (init.body) headers['Content-Length'] = String(init.body.byteLength);
  return new Promise<GatewayReply>((resolve, reject) => {
    if (init.signal.aborted) {
      reject(abortError());
      return;
    }
    let abortDispatch: ((reason: Error) => void) | null = null;
    let sink: BodySink | null = null;
    let isOver = false;
    const over = () => {
      isOver = true;
      init.signal.removeEventListener('abort', onAbort);
    };
    // Before the connection is made there is nothing to abort yet (its onConnect aborts it): the call fails now all the
    // same, as a request still connecting to an unanswering host must not outlast GATEWAY_TIMEOUT_MS.
    function onAbort() {
      if (abortDispatch) abortDispatch(abortError());
      else if (!sink) reject(abortError());
    }
    init.signal.addEventListener('abort', onAbort, { once: true });
    const path = `${url.pathname}${url.search}`;
    dispatcher.dispatch(
      { origin: url.origin, path, method: init.method as 'GET', headers, body: init.body ?? null },
      {
        onConnect(abort) {
          abortDispatch = abort;
          if (init.signal.aborted) abort(abortError());
        },
        onHeaders(status, rawHeaders, resume, statusText) {
          // 1xx informational replies come before the real one (node:http did not answer with them either).
          if (status < 200) return true;
          const replyHeaders = headersOf(rawHeaders);
          const stop = () => {
            over();
            abortDispatch?.(abortError());
          };
          if (NULL_BODY_STATUSES.has(status) || init.method === 'HEAD') {
            resolve({ status, statusText, headers: replyHeaders, body: null });
            return true;
          }
          const decoder = decoderFor(replyHeaders);
          const body = decoder ? decodedBody(decoder, resume, stop) : queuedBody(resume, stop);
          sink = body.sink;
          resolve({ status, statusText, headers: replyHeaders, body: body.source });
          return true;
        },
        onData(chunk) {
          return sink ? sink.push(chunk) : true;
        },
        onComplete() {
          over();
          sink?.end();
        },
        onError(error) {
          const wasOver = isOver;
          over();
          if (sink) {
            if (!wasOver) sink.fail(asNodeError(error, true));
          } else reject(asNodeError(error, false));
        },
      },
    );
  });
}
