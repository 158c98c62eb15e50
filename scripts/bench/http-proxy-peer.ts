// The http-proxy peer the proxy benches compare with, in its own process: a plain node:http server piping to argv[2].
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

const target = process.argv[2];
if (!target) throw new Error('usage: http-proxy-peer.ts <target origin>');
const peer = httpProxy.createProxyServer({ target, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) });
peer.on('error', (_error, _request, response) => {
  if ('writeHead' in response && !response.headersSent) response.writeHead(502);
  response.end();
});
const server = http.createServer((request, response) => peer.web(request, response));
server.keepAliveTimeout = 10 * 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
