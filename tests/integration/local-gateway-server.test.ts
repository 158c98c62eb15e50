import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, TEST_API_KEY, type TestGateway } from '../support/local-gateway';

const running: TestGateway[] = [];
afterEach(async () => {
  while (running.length) await running.pop()?.close();
});

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over node:http (not fetch), so nothing on the client side builds Web Request or Response objects. */
function post(gateway: TestGateway, body: unknown): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${gateway.baseURL}/responses`, { method: 'POST', headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Counts `new Request(...)` and `new Response(...)` made in this process while `action` runs. */
async function countWebObjects<T>(action: () => Promise<T>): Promise<{ result: T; made: number }> {
  const original = { Request: globalThis.Request, Response: globalThis.Response };
  let made = 0;
  const counting = <C extends object>(target: C): C =>
    new Proxy(target, {
      construct(constructor, args, newTarget) {
        made += 1;
        return Reflect.construct(constructor as new (...params: unknown[]) => object, args, newTarget) as object;
      },
    });
  globalThis.Request = counting(original.Request);
  globalThis.Response = counting(original.Response);
  try {
    return { result: await action(), made };
  } finally {
    globalThis.Request = original.Request;
    globalThis.Response = original.Response;
  }
}

const STREAMED = { model: 'local-agent', input: 'Tell me about streaming in detail.', stream: true };

describe('the standalone local gateway writes streams straight to node:http', () => {
  it('a zero-paced stream is one write: headers, every event and the end, with a Content-Length, and no Web Request or Response is built', async () => {
    const gateway = await startTestGateway({ tokensPerSecond: 0 });
    running.push(gateway);
    await post(gateway, STREAMED);
    const { result: reply, made } = await countWebObjects(() => post(gateway, STREAMED));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(reply.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    // A Content-Length (instead of chunks) means the body was complete when the headers were written.
    expect(reply.headers['transfer-encoding']).toBeUndefined();
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
    const types = reply.body.split('\n\n').filter(Boolean).map((record) => record.split('\n')[0]);
    expect(types[0]).toBe('event: response.created');
    expect(types.at(-1)).toBe('event: response.completed');
    expect(made).toBe(0);
  });

  it('a paced stream is written as it is published: chunked, its first events before its last exists', async () => {
    const gateway = await startTestGateway({ tokensPerSecond: 200 });
    running.push(gateway);
    const arrivals: string[] = [];
    const reply = await new Promise<RawReply>((resolve, reject) => {
      const request = http.request(`${gateway.baseURL}/responses`, { method: 'POST', headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          arrivals.push(chunk);
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      request.on('error', reject);
      request.end(JSON.stringify(STREAMED));
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['transfer-encoding']).toBe('chunked');
    expect(arrivals.length).toBeGreaterThan(1);
    expect(arrivals[0]).toContain('event: response.created');
    expect(arrivals[0]).not.toContain('event: response.completed');
    expect(reply.body).toContain('event: response.completed');
  });
});
