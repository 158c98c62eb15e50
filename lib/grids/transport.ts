// The run controller's transport for a grid's cells: the four calls made on the server through lib/gateway, as the proxy makes them.
import 'server-only';
import type { ServerResponses } from '@/lib/gateway';
import type { RunTransport } from '@/lib/run/transport';

/** Headers are ignored: the cell's X-On-Behalf-Of and key were given to `calls` when the run started. */
export function createGatewayTransport(calls: ServerResponses): RunTransport {
  return {
    create: (body, _headers, signal) => calls.create(body, signal),
    retrieve: (id, _headers, signal) => calls.retrieve(id, new URLSearchParams(), signal),
    stream: (id, startingAfter, _headers, signal) => {
      const query = new URLSearchParams({ stream: 'true' });
      if (startingAfter !== null) query.set('starting_after', String(startingAfter));
      return calls.retrieve(id, query, signal);
    },
    cancel: (id) => calls.cancel(id),
  };
}
