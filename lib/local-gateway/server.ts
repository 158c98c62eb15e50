// Standalone gateway over node:http: opens its own database, reads requests, writes replies and streams straight to the socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@/lib/db/open';
import { LOCAL_GATEWAY_DEV_KEY } from '@/lib/env-schema';
import { bodyTooLarge } from '@/lib/http/body';
import { ApiError } from '@/lib/schema/errors';
import { errorResponse } from './errors';
import type { GatewayRequest } from './exchange';
import { createLocalGateway, type LocalGateway } from './index';
import { BODY_LIMIT, MAX_BODY_BYTES } from './limits';
import { makeRequestId } from './router';
import { SSE_HEADERS, type SseReply } from './stream';

export interface LocalGatewayServerOptions {
  port: number;
  host?: string;
  pgliteDir?: string;
  databaseUrl?: string;
  apiKeys?: string[];
  tokensPerSecond?: number;
  webhookAllow?: string[];
  /** The playground's origin: its webhook targets are allowed (with webhookAllow); defaults to this server's own URL. */
  publicOrigin?: string;
  /** Requests per API key per minute; unset or 0: no limit. */
  rateLimitPerMinute?: number;
  /** Open streams per API key; unset or 0: no limit. */
  maxConcurrentStreams?: number;
}

export { MAX_BODY_BYTES } from './limits';
/** After a 413, the rest of an upload is read and discarded up to these bounds, then the connection is cut. */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 10_000;

type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unreadable' };

/**
 * Reads the body up to MAX_BODY_BYTES. Past it, the rest is drained (not kept), so the 413 reaches the client
 * and the socket closes cleanly instead of with a reset that breaks the client's next request.
 */
function readBody(req: http.IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    const refuse = () => {
      resolve({ ok: false, reason: 'too_large' });
      const timer = setTimeout(() => req.destroy(), LINGER_MS);
      timer.unref();
      req.on('end', () => clearTimeout(timer));
      req.on('close', () => clearTimeout(timer));
    };
    if (tooLarge) refuse();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (tooLarge) {
        if (size > MAX_BODY_BYTES + LINGER_BYTES) req.destroy();
        return;
      }
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        refuse();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve({ ok: true, body: Buffer.concat(chunks) });
    });
    req.on('error', () => {
      if (!tooLarge) resolve({ ok: false, reason: 'unreadable' });
    });
  });
}

/** The request as the gateway's operations read it: headers as node:http parsed them (as the Web Request it replaces had them). */
function toGatewayRequest(req: http.IncomingMessage, body: Buffer, origin: string): GatewayRequest {
  return {
    method: req.method ?? 'GET',
    url: origin + (req.url ?? '/'),
    header(name) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    text: async () => body.toString('utf8'),
  };
}

async function writeResponse(res: http.ServerResponse, response: Response, requestId?: string): Promise<void> {
  const headers = Object.fromEntries(response.headers.entries());
  if (requestId) headers['x-request-id'] = requestId;
  if (!res.shouldKeepAlive) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let written: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      written = new Promise((resolve) => res.write(value, () => resolve()));
    }
    res.end();
  } catch {
    // The body errored (a dropped stream): let what was written reach the socket, then cut the connection without a proper end.
    await written;
    res.destroy();
  }
}

/**
 * A stream written to the socket as it is published, with no Web stream in between. The headers go out with the first
 * events (a run publishes its first at once), so a zero-paced run that has already ended is one write: headers, every
 * event and the end (with a Content-Length). Headers still go out on their own if no event comes in this turn.
 */
function writeSse(res: http.ServerResponse, reply: SseReply, isGoneAlready: boolean): void {
  res.statusCode = 200;
  for (const [name, value] of Object.entries({ ...SSE_HEADERS, ...reply.headers })) res.setHeader(name, value);
  if (!res.shouldKeepAlive) res.setHeader('connection', 'close');
  let stop: (() => void) | null = null;
  let isGone = isGoneAlready;
  res.on('close', () => {
    if (res.writableFinished) return;
    isGone = true;
    stop?.();
  });
  try {
    stop = reply.open({
      write: (text) => res.write(text),
      end: (text) => res.end(text),
      // A dropped stream (fault injection): what was published reaches the socket, then the connection is cut without a proper end.
      drop: (text) => res.write(text, () => res.destroy()),
    });
  } catch (error) {
    res.destroy();
    throw error;
  }
  if (isGone) stop();
  setImmediate(() => {
    if (!res.headersSent && !res.destroyed) res.flushHeaders();
  });
}

async function serve(gateway: LocalGateway, req: http.IncomingMessage, res: http.ServerResponse, origin: string): Promise<void> {
  let isGone = false;
  res.on('close', () => {
    if (!res.writableFinished) isGone = true;
  });
  const read = await readBody(req);
  if (!read.ok) {
    const tooLarge = read.reason === 'too_large';
    const error = tooLarge
      ? bodyTooLarge(BODY_LIMIT)
      : new ApiError(400, 'Could not read the request body.', { code: 'invalid_body' });
    res.shouldKeepAlive = false;
    await writeResponse(res, errorResponse(error), makeRequestId());
    return;
  }
  const reply = await gateway.serve(toGatewayRequest(req, read.body, origin));
  if (!(reply instanceof Response)) {
    // A client already gone still opens and at once stops the stream, so its run learns of the disconnect and its slot is freed.
    writeSse(res, reply, isGone);
    return;
  }
  if (isGone) {
    await reply.body?.cancel().catch(() => undefined);
    return;
  }
  await writeResponse(res, reply);
}

export async function startLocalGatewayServer(options: LocalGatewayServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const database = await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir ?? '.data/local-gateway' });
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  }).catch(async (error: Error) => {
    await database.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const gateway = createLocalGateway({
    getDb: async () => database.db,
    apiKeys: options.apiKeys ?? [LOCAL_GATEWAY_DEV_KEY],
    webhookAllow: options.webhookAllow ?? [],
    publicOrigin: options.publicOrigin ?? url,
    tokensPerSecond: options.tokensPerSecond ?? 40,
    rateLimitPerMinute: options.rateLimitPerMinute,
    maxConcurrentStreams: options.maxConcurrentStreams,
  });
  server.on('request', (req, res) => {
    serve(gateway, req, res, url).catch((error: Error) => {
      console.error(`local gateway: request failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': makeRequestId() });
      res.end();
    });
  });
  return {
    url,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
