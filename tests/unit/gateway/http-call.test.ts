// The gateway call over undici's dispatcher: what reaches the gateway, a body read as whole buffered runs, a broken or cancelled body, compressed replies.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { IDLE_CONNECTION_MS, sendThrough, sendToGateway, type ByteSource } from '@/lib/gateway/http-call';

type Handler = (request: http.IncomingMessage, body: string, reply: http.ServerResponse) => void;
let handler: Handler = (_request, _body, reply) => reply.end();
let server: http.Server;
let origin = '';
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((request, reply) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(request, body, reply));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function readAll(source: ByteSource): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  for (let chunk = await source.read(); chunk !== null; chunk = await source.read()) {
    text += Buffer.from(chunk).toString('utf8');
    chunks += 1;
  }
  return { text, chunks };
}

const send = (path: string, init: Partial<Parameters<typeof sendToGateway>[1]> = {}) =>
  sendToGateway(new URL(`${origin}${path}`), { method: 'GET', headers: {}, signal: new AbortController().signal, ...init });

/** The server answers with `first` (an event, by default) and holds the reply open; the function returned settles once the server saw it closed. */
function answerAndHold(first: string | Buffer, headers: http.OutgoingHttpHeaders = { 'Content-Type': 'text/event-stream' }): () => Promise<void> {
  let replyClosed: Promise<void> = Promise.resolve();
  handler = (_request, _body, reply) => {
    replyClosed = new Promise((resolve) => reply.on('close', () => resolve()));
    reply.writeHead(200, headers);
    reply.write(first);
  };
  return () => replyClosed;
}

/** The server answers with `bytes` in 64 KiB writes, waiting on its socket's flow control; the function returned says how many it wrote. */
function answerInPieces(bytes: Buffer, headers: http.OutgoingHttpHeaders): () => number {
  let written = 0;
  handler = (_request, _body, reply) => {
    reply.writeHead(200, headers);
    const writeMore = () => {
      while (written < bytes.byteLength) {
        const piece = bytes.subarray(written, written + 64 * 1024);
        written += piece.byteLength;
        if (!reply.write(piece)) return void reply.once('drain', writeMore);
      }
      reply.end();
    };
    writeMore();
  };
  return () => written;
}

describe('sendToGateway', () => {
  it('sends the method, headers and body as given (with a length), and answers any status with its headers', async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    handler = (request, body, reply) => {
      seen = { method: request.method, headers: request.headers, body };
      reply.writeHead(418, 'Teapot', { 'X-Request-Id': 'req_1', 'Content-Type': 'application/json' }).end('{"error":{"message":"short"}}');
    };
    const reply = await send('/v1/responses', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-1', 'X-On-Behalf-Of': 'alice@example', 'Content-Type': 'application/json' },
      body: Buffer.from('{"model":"m","input":"héllo"}'),
      signal: AbortSignal.timeout(10_000),
    });
    expect(seen.method).toBe('POST');
    expect(seen.headers).toMatchObject({ authorization: 'Bearer sk-1', 'x-on-behalf-of': 'alice@example', 'content-length': String(Buffer.byteLength('{"model":"m","input":"héllo"}')) });
    expect(seen.body).toBe('{"model":"m","input":"héllo"}');
    expect(reply.status).toBe(418);
    expect(reply.statusText).toBe('Teapot');
    expect(reply.headers.get('x-request-id')).toBe('req_1');
    expect((await readAll(reply.body!)).text).toBe('{"error":{"message":"short"}}');
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    handler = (_request, _body, reply) => reply.writeHead(302, { Location: `${origin}/elsewhere` }).end();
    const reply = await send('/models');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe(`${origin}/elsewhere`);
  });

  it('gives a 204 no body', async () => {
    handler = (_request, _body, reply) => reply.writeHead(204).end();
    expect((await send('/x')).body).toBeNull();
  });

  it('decodes a gzip reply as fetch did, dropping the coding header', async () => {
    handler = (_request, _body, reply) => reply.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync('{"ok":true}'));
    const reply = await send('/x');
    expect(reply.headers.get('content-encoding')).toBeNull();
    expect((await readAll(reply.body!)).text).toBe('{"ok":true}');
  });

  it('reads the events of a stream, many small writes, whole and in order, in fewer chunks than writes', async () => {
    const events = Array.from({ length: 2_000 }, (_, at) => `data: {"n":${at}}\n\n`);
    handler = (_request, _body, reply) => {
      reply.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const event of events) reply.write(event);
      reply.end();
    };
    const { text, chunks } = await readAll((await send('/stream')).body!);
    expect(text).toBe(events.join(''));
    expect(chunks).toBeLessThan(events.length / 10);
  });

  it('holds the gateway back while the body is not read, then gives every byte in order', async () => {
    const total = 8 * 1024 * 1024;
    const written = answerInPieces(Buffer.alloc(total, 'a'), { 'Content-Type': 'application/octet-stream' });
    const body = (await send('/large')).body!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Unread, only what fits in the socket buffers and the reader's pause point has left the server: not the 8 MiB.
    expect(written()).toBeLessThan(total / 2);
    let received = 0;
    for (let chunk = await body.read(); chunk !== null; chunk = await body.read()) {
      expect(chunk.every((byte) => byte === 0x61)).toBe(true);
      received += chunk.byteLength;
    }
    expect(received).toBe(total);
  });

  it('rejects with the cause in `code` when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(sendToGateway(new URL(`http://127.0.0.1:${port}/x`), { method: 'GET', headers: {}, signal: new AbortController().signal })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects when the signal aborts before the headers, and closes the connection', async () => {
    handler = () => undefined;
    const abort = new AbortController();
    const sent = sendToGateway(new URL(`${origin}/hang`), { method: 'GET', headers: {}, signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects when the signal aborts while the connection is still being made', async () => {
    // A host that does not answer the connection: the dispatcher never reaches onConnect.
    let dispatched = 0;
    const unanswering = { dispatch: () => ((dispatched += 1), true) };
    const abort = new AbortController();
    const sent = sendThrough(unanswering, new URL('http://192.0.2.1/x'), { method: 'GET', headers: {}, signal: abort.signal });
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(dispatched).toBe(1);
  });

  it('fails the body (after the bytes that came) when the connection breaks before the reply ended', async () => {
    handler = (_request, _body, reply) => {
      reply.writeHead(200, { 'Content-Type': 'text/event-stream' });
      reply.write('data: {"n":1}\n\n', () => setTimeout(() => reply.socket?.destroy(), 20));
    };
    const body = (await send('/broken')).body!;
    const first = await body.read();
    expect(Buffer.from(first!).toString()).toBe('data: {"n":1}\n\n');
    await expect(body.read()).rejects.toThrow();
  });

  it('fails the body when the signal aborts while it is read, and closes the connection', async () => {
    const replyClosed = answerAndHold('data: {"n":1}\n\n');
    const abort = new AbortController();
    const body = (await send('/aborted', { signal: abort.signal })).body!;
    expect(Buffer.from((await body.read())!).toString()).toBe('data: {"n":1}\n\n');
    const next = body.read();
    abort.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
    await replyClosed();
  });

  it('closes the connection when the body is cancelled', async () => {
    const replyClosed = answerAndHold('data: {}\n\n');
    const body = (await send('/cancelled')).body!;
    await body.read();
    await body.cancel();
    await replyClosed();
    expect(await body.read()).toBeNull();
  });
});

describe('kept-alive connections', () => {
  it('are reused while idle for less than IDLE_CONNECTION_MS', async () => {
    const ports: number[] = [];
    handler = (request, _body, reply) => {
      ports.push(request.socket.remotePort!);
      reply.end('{}');
    };
    // A few milliseconds apart, as calls are (the dispatcher frees a connection a little after its reply ended: a call
    // made in the same instant opens another, kept alive as well).
    for (let at = 0; at < 3; at += 1) {
      await readAll((await send('/again')).body!);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(IDLE_CONNECTION_MS).toBe(4_000);
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });

  it("close once idle for the server's Keep-Alive timeout less a second, while a reply slower than that keeps its connection", async () => {
    const closedAt = new Map<number, number>();
    const ports: number[] = [];
    {
      // Keep-Alive: timeout=2 leaves one second of idling on our side; this reply takes longer than that between its events.
      handler = (request, _body, reply) => {
        ports.push(request.socket.remotePort!);
        request.socket.once('close', () => closedAt.set(request.socket.remotePort ?? ports[0]!, performance.now()));
        reply.writeHead(200, { 'Content-Type': 'text/event-stream', 'Keep-Alive': 'timeout=2' });
        reply.write('data: {}\n\n');
        setTimeout(() => reply.end('data: {"n":2}\n\n'), 1_300);
      };
      const slow = await readAll((await send('/slow')).body!);
      expect(slow.text).toBe('data: {}\n\ndata: {"n":2}\n\n');
      const endedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const port = ports[0]!;
      expect(closedAt.has(port)).toBe(true);
      // Closed by our side after about a second of idling, not by the server (whose own keep-alive timeout is 5 s).
      expect(closedAt.get(port)! - endedAt).toBeLessThan(1_600);
      handler = (request, _body, reply) => {
        ports.push(request.socket.remotePort!);
        reply.end('{}');
      };
      await readAll((await send('/after')).body!);
      expect(ports[1]).not.toBe(port);
    }
  });
});

describe('a body as the dispatcher delivers it', () => {
  /** A dispatcher that answers 200 at once and lets the test hand over the body's pieces, seeing when reading pauses and resumes. */
  function handingOver() {
    let given: Dispatcher.DispatchHandlers | null = null;
    let resumed = 0;
    const dispatcher = {
      dispatch(_options: unknown, handlers: Dispatcher.DispatchHandlers) {
        given = handlers;
        handlers.onConnect!(() => undefined);
        handlers.onHeaders!(200, [Buffer.from('content-type'), Buffer.from('text/event-stream')], () => (resumed += 1), 'OK');
        return true;
      },
    };
    const body = sendThrough(dispatcher, new URL('http://gateway.test/x'), { method: 'GET', headers: {}, signal: new AbortController().signal }).then((reply) => reply.body!);
    return { body, deliver: (text: string | Buffer) => given!.onData!(Buffer.from(text)), complete: () => given!.onComplete!([]), resumed: () => resumed };
  }

  it('gives all that came as one chunk, without waiting for more', async () => {
    const gateway = handingOver();
    const body = await gateway.body;
    gateway.deliver('a');
    gateway.deliver('b');
    expect(Buffer.from((await body.read())!).toString()).toBe('ab');
    const next = body.read();
    gateway.deliver('c');
    expect(Buffer.from((await next)!).toString()).toBe('c');
    gateway.complete();
    expect(await body.read()).toBeNull();
  });

  it('pauses the dispatcher once 64 KiB wait unread, and resumes it when they are read', async () => {
    const gateway = handingOver();
    const body = await gateway.body;
    expect(gateway.deliver(Buffer.alloc(32 * 1024))).toBe(true);
    expect(gateway.deliver(Buffer.alloc(32 * 1024))).toBe(false);
    expect(gateway.resumed()).toBe(0);
    expect((await body.read())!.byteLength).toBe(64 * 1024);
    expect(gateway.resumed()).toBe(1);
    expect(gateway.deliver('more')).toBe(true);
  });
});

describe('compressed replies', () => {
  it('decode brotli and deflate as well', async () => {
    handler = (request, _body, reply) => {
      const coded = request.url === '/br' ? zlib.brotliCompressSync('data: {"é":1}\n\n') : zlib.deflateSync('data: {"é":2}\n\n');
      reply.writeHead(200, { 'Content-Encoding': request.url === '/br' ? 'br' : 'deflate', 'Content-Length': coded.byteLength }).end(coded);
    };
    const br = await send('/br');
    expect(br.headers.get('content-length')).toBeNull();
    expect((await readAll(br.body!)).text).toBe('data: {"é":1}\n\n');
    expect((await readAll((await send('/deflate')).body!)).text).toBe('data: {"é":2}\n\n');
  });

  it('hold the gateway back while the decoded body is not read, then give every byte in order', async () => {
    // Random bytes do not compress: 16 MiB coded is about 16 MiB decoded, far more than the socket buffers (about 4 MiB on
    // loopback here) and both pause points hold.
    const plain = randomBytes(16 * 1024 * 1024);
    const coded = zlib.gzipSync(plain, { level: 1 });
    const written = answerInPieces(coded, { 'Content-Encoding': 'gzip' });
    const body = (await send('/large-gzip')).body!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Unread, only what fits in the socket buffers, the decoder's and the reader's pause point has left the server.
    expect(written()).toBeLessThan(coded.byteLength / 2);
    const received: Uint8Array[] = [];
    for (let chunk = await body.read(); chunk !== null; chunk = await body.read()) received.push(chunk);
    expect(Buffer.concat(received).equals(plain)).toBe(true);
  });

  it('fail the body when the coded bytes are corrupt', async () => {
    const coded = zlib.gzipSync('data: {"n":1}\n\n');
    handler = (_request, _body, reply) => reply.writeHead(200, { 'Content-Encoding': 'gzip' }).end(Buffer.concat([coded.subarray(0, 10), Buffer.from('not deflate at all')]));
    const body = (await send('/corrupt')).body!;
    await expect(readAll(body)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' });
  });

  it('fail the body when the connection breaks mid-body, and close it when cancelled', async () => {
    const coded = zlib.gzipSync(Buffer.alloc(200_000, 'b'));
    handler = (_request, _body, reply) => {
      reply.writeHead(200, { 'Content-Encoding': 'gzip' });
      reply.write(coded.subarray(0, 100), () => setTimeout(() => reply.socket?.destroy(), 20));
    };
    await expect(readAll((await send('/broken-gzip')).body!)).rejects.toThrow('terminated');
    const replyClosed = answerAndHold(coded.subarray(0, 100), { 'Content-Encoding': 'gzip' });
    const held = await send('/held-gzip');
    expect(held.headers.get('content-encoding')).toBeNull();
    await held.body!.cancel();
    await replyClosed();
    expect(await held.body!.read()).toBeNull();
  });
});
