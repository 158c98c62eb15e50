// A zero-delay fake gateway for the proxy benches, in its own process: every POST gets an SSE stream of N events (argv[2]), each run a new response id.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sseEvent } from '../../tests/support/fake-upstream';

const EVENT_COUNT = Number(process.argv[2] ?? 5_000);

function response(id: string, status: string) {
  return { id, object: 'response', status, model: 'bench', output: [] };
}

const deltas = Array.from({ length: Math.max(0, EVENT_COUNT - 2) }, (_, at) =>
  sseEvent({ type: 'response.output_text.delta', sequence_number: at + 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'tok ' }),
);
let runs = 0;

const server = http.createServer((request, reply) => {
  request.resume();
  request.on('end', () => {
    if (request.method !== 'POST') {
      reply.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found","type":"invalid_request_error","param":null,"code":null}}');
      return;
    }
    const id = `resp_bench_${process.pid}_${(runs += 1)}`;
    reply.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    reply.write(sseEvent({ type: 'response.created', sequence_number: 0, response: response(id, 'in_progress') }));
    for (const delta of deltas) reply.write(delta);
    reply.end(sseEvent({ type: 'response.completed', sequence_number: EVENT_COUNT - 1, response: response(id, 'completed') }));
  });
});
server.keepAliveTimeout = 10 * 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
