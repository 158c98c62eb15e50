// A round-robin load balancer on loopback (http-proxy) in front of several app instances; a target that refuses the
// connection (a killed instance) is skipped, as a load balancer's health check would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

export interface RoundRobin {
  url: string;
  port: number;
  /** Which target each request went to, in order. */
  routed: string[];
  setTargets(targets: string[]): void;
  close(): Promise<void>;
}

export async function startRoundRobin(targets: string[], port = 0): Promise<RoundRobin> {
  let current = [...targets];
  let next = 0;
  const routed: string[] = [];
  const proxy = httpProxy.createProxyServer({ xfwd: false, changeOrigin: false, proxyTimeout: 120_000 });
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, attempt: number) => {
    const target = current[next % current.length] ?? '';
    next += 1;
    routed.push(target);
    proxy.web(request, response, { target }, (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      // Nothing was sent to a target that refused the connection: the next one gets the request (bodies are replayed by
      // http-proxy only before they are read, so this is for GETs and the first attempt of anything else).
      if (code === 'ECONNREFUSED' && attempt < current.length && !response.headersSent) {
        forward(request, response, attempt + 1);
        return;
      }
      if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'text/plain' });
      response.end(`balancer: ${code ?? 'error'}`);
    });
  };
  const server = http.createServer((request, response) => forward(request, response, 1));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    routed,
    setTargets: (next) => {
      current = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
