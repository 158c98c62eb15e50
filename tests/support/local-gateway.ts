// Test helpers for the local gateway: a started server on a temp PGlite folder, raw SSE reading, and a webhook receiver that records deliveries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { startLocalGatewayServer, type LocalGatewayServerOptions } from '@/lib/local-gateway/server';
import { makePgliteDir } from './databases';

export const TEST_API_KEY = 'sk-local-gateway-test';

export interface TestGateway {
  url: string;
  baseURL: string;
  pgliteDir: string;
  close(): Promise<void>;
}

export async function startTestGateway(options: Partial<LocalGatewayServerOptions> = {}): Promise<TestGateway> {
  const pgliteDir = options.pgliteDir ?? makePgliteDir();
  const server = await startLocalGatewayServer({ port: 0, tokensPerSecond: 0, apiKeys: [TEST_API_KEY], ...options, pgliteDir });
  return { url: server.url, baseURL: `${server.url}/api/v1/llm`, pgliteDir, close: server.close };
}

export function makeClient(gateway: TestGateway, options: { apiKey?: string; onBehalfOf?: string } = {}): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey ?? TEST_API_KEY,
    baseURL: gateway.baseURL,
    maxRetries: 0,
    defaultHeaders: options.onBehalfOf ? { 'X-On-Behalf-Of': options.onBehalfOf } : undefined,
  });
}

/** fetch against the gateway with the test key (override headers to drop or change it). */
export function callGateway(gateway: TestGateway, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${gateway.baseURL}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

export interface SseRecord {
  event: string;
  data: Record<string, unknown>;
}

/** Splits an SSE body into records; checks nothing, so tests can assert on the exact framing. */
export async function readSse(response: Response): Promise<{ records: SseRecord[]; raw: string }> {
  const raw = await response.text();
  const records = raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? '';
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length)).join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
  return { records, raw };
}

export interface WebhookDelivery {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; created_at: number; data: { id: string; status: string } };
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  deliveries: WebhookDelivery[];
  /** Answer the next `count` deliveries with this status instead of 200. */
  failNext(count: number, status?: number): void;
  waitFor(predicate: (deliveries: WebhookDelivery[]) => boolean, timeoutMs?: number): Promise<WebhookDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: WebhookDelivery[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const answeredStatus = failures.count > 0 ? failures.status : 200;
      if (failures.count > 0) failures = { ...failures, count: failures.count - 1 };
      deliveries.push({ headers: req.headers, rawBody, body: JSON.parse(rawBody) as WebhookDelivery['body'], answeredStatus });
      res.writeHead(answeredStatus).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(deliveries)) {
        if (Date.now() > deadline) throw new Error(`webhook deliveries so far: ${deliveries.map((entry) => entry.body.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return deliveries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls GET /responses/{id} until the status satisfies `done`. */
export async function waitForStatus(client: OpenAI, id: string, done: (status: string) => boolean, timeoutMs = 20_000): Promise<OpenAI.Responses.Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.responses.retrieve(id);
    if (done(String(response.status))) return response;
    if (Date.now() > deadline) throw new Error(`response ${id} still ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
