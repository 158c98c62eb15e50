// A recording fake gateway on loopback (port 0): answers JSON, errors, controllable streams, hangs or drops mid-stream.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/llm/responses/resp_1?stream=true`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Resolves when the connection closes before the fake finished its answer (the client went away). */
  closedEarly: Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeUpstream {
  /** Base URL to use as GATEWAY_BASE_URL. */
  url: string;
  host: string;
  requests: RecordedRequest[];
  /** Handler for every following request. */
  respondWith(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** The whole request body as UTF-8 text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let handler: FakeHandler = json(200, {});
  const server = http.createServer(async (request, response) => {
    const closedEarly = new Promise<void>((resolve) => response.on('close', () => !response.writableFinished && resolve()));
    const recorded: RecordedRequest = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body: await readBody(request), closedEarly };
    requests.push(recorded);
    await handler(recorded, response);
  });
  // Idle keep-alive sockets stay open until close(): with Node's 5 s default, a test that pauses (a slow PGlite open) sent
  // its next request on a socket the fake was closing at that moment, and the proxy answered 502 ECONNRESET.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeHandler {
  return (_request, response) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(text);
  };
}

/** Never answers (for timeouts). */
export function hang(): FakeHandler {
  return () => undefined;
}

/** One SSE record in the protocol's framing. */
export function sseEvent(payload: { type: string } & Record<string, unknown>): string {
  return `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** A stream the test drives: nothing is sent until `send` is called. */
export interface ControlledStream {
  handler: FakeHandler;
  /** Resolves when the proxy's request has arrived and the SSE headers are sent. */
  opened: Promise<RecordedRequest>;
  send(text: string): Promise<void>;
  end(): void;
  /** Destroys the socket mid-stream. */
  drop(): void;
}

export function controlledStream(): ControlledStream {
  let response: ServerResponse | undefined;
  let open: (request: RecordedRequest) => void = () => undefined;
  const opened = new Promise<RecordedRequest>((resolve) => {
    open = resolve;
  });
  const current = () => {
    if (!response) throw new Error('stream not opened yet');
    return response;
  };
  return {
    handler(request, res) {
      response = res;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      open(request);
    },
    opened,
    send(text) {
      return new Promise((resolve, reject) => current().write(text, (error) => (error ? reject(error) : resolve())));
    },
    end() {
      current().end();
    },
    drop() {
      current().socket?.destroy();
    },
  };
}

/** Sends all events at once (zero delay), then ends: for benchmarks and simple cases. */
export function streamAll(events: string[]): FakeHandler {
  return (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    for (const event of events) response.write(event);
    response.end();
  };
}

const PROXY_SETTINGS = [
  'GATEWAY_BASE_URL',
  'GATEWAY_API_KEY',
  'GATEWAY_API_PATH',
  'GATEWAY_TIMEOUT_MS',
  'GATEWAY_STREAM_IDLE_MS',
  'ALLOW_BROWSER_KEYS',
  'PLAYGROUND_ACCESS_TOKEN',
  'PROXY_BODY_LIMIT_BYTES',
  'PROXY_RATE_LIMIT_PER_MINUTE',
  'PROXY_MAX_CONCURRENT_STREAMS',
  'TRUST_PROXY',
];

/** Sets the proxy's settings (clearing the others), forgets the rate limiter's counts, then imports fresh copies of the route modules. */
export async function loadProxyRoutes(settings: Record<string, string>, resetModules: () => void) {
  for (const name of PROXY_SETTINGS) delete process.env[name];
  Object.assign(process.env, settings);
  resetModules();
  // The rate limiter lives on globalThis (shared by every route bundle), so a fresh load starts with a fresh budget.
  (await import('@/lib/auth/rate-limit')).resetSharedRateLimiters();
  return {
    responses: await import('@/app/api/responses/route'),
    responseById: await import('@/app/api/responses/[id]/route'),
    cancel: await import('@/app/api/responses/[id]/cancel/route'),
    inputItems: await import('@/app/api/responses/[id]/input_items/route'),
    models: await import('@/app/api/models/route'),
  };
}

export const routeParams = (id: string) => ({ params: Promise.resolve({ id }) });
