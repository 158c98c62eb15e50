// Standalone gateway over node:http: opens its own database, adapts requests, streams response bodies unbuffered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@/lib/db/open';
import { LOCAL_GATEWAY_DEV_KEY } from '@/lib/env-schema';
import { createLocalGateway, type LocalGateway } from './index';

export interface LocalGatewayServerOptions {
  port: number;
  host?: string;
  pgliteDir?: string;
  databaseUrl?: string;
  apiKeys?: string[];
  tokensPerSecond?: number;
  webhookAllow?: string[];
  /** Origin whose webhook targets are allowed besides loopback; defaults to the server's own URL. */
  publicOrigin?: string;
}

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

class BodyTooLargeError extends Error {}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toRequest(req: http.IncomingMessage, body: Buffer, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((entry) => headers.append(name, entry));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: hasBody ? new Uint8Array(body) : undefined, signal });
}

async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
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

async function serve(gateway: LocalGateway, req: http.IncomingMessage, res: http.ServerResponse, origin: string): Promise<void> {
  const disconnect = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) disconnect.abort();
  });
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    res.writeHead(tooLarge ? 413 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: tooLarge ? 'Request body too large.' : 'Could not read the request body.', type: 'invalid_request_error', param: null, code: tooLarge ? 'request_too_large' : null } }));
    return;
  }
  const response = await gateway.handle(toRequest(req, body, origin, disconnect.signal));
  if (disconnect.signal.aborted) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  await writeResponse(res, response);
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
  });
  server.on('request', (req, res) => {
    serve(gateway, req, res, url).catch((error: Error) => {
      console.error(`local gateway: request failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
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
