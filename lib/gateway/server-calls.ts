// The proxy's calls made by the server for itself (a grid's cells): the bearer, X-On-Behalf-Of, relay, SSE passthrough and
// recorders of a browser's call through /api/responses, without a browser request. Failures come back as error replies.
import 'server-only';
import type { AuditNote } from '@/lib/audit/entry';
import { ownerIdOf, systemActor, type Actor } from '@/lib/auth/identity';
import { getEnv } from '@/lib/env';
import { answerError } from '@/lib/http/route';
import { requireResponseId, responsePath } from '@/lib/schema';
import { sendCreate, type ProxyCall } from './handlers';
import { observeStream, recordPolled } from './observe';
import { relay, type RelayContext } from './relay';
import { callGateway, resolveUpstream, type CallGatewayInit } from './upstream';

export interface ServerCaller {
  /** Checked by the caller with the proxy's rule (lib/schema/on-behalf-of.ts). */
  onBehalfOf: string | null;
  /** A user's own key (ALLOW_BROWSER_KEYS), held in memory by the caller and never stored; null: the server's. */
  apiKey: string | null;
  /** Who the calls are for in logs, e.g. `grid run gridrun_…`. */
  name: string;
  /** Who the audit log names (the user who started the work); without one, the server itself under `name`. */
  actor?: Actor;
}

export interface ServerResponses {
  create(body: Record<string, unknown>, signal: AbortSignal): Promise<Response>;
  retrieve(id: string, query: URLSearchParams, signal: AbortSignal): Promise<Response>;
  cancel(id: string): Promise<Response>;
}

function openCall(caller: ServerCaller, signal: AbortSignal | undefined): ProxyCall {
  const env = getEnv();
  const upstreamAbort = new AbortController();
  const relayContext: RelayContext = { host: resolveUpstream(env).host, idleMs: env.GATEWAY_STREAM_IDLE_MS, abortUpstream: () => upstreamAbort.abort() };
  const combined = signal ? AbortSignal.any([signal, upstreamAbort.signal]) : upstreamAbort.signal;
  const actor = caller.actor ?? systemActor(caller.name);
  const send = (path: string, init: Omit<CallGatewayInit, 'onBehalfOf' | 'apiKey' | 'signal' | 'actor'> = {}) =>
    callGateway(path, { ...init, actor, onBehalfOf: caller.onBehalfOf, apiKey: caller.apiKey, signal: combined });
  return { env, ownerId: ownerIdOf(actor), clientKey: caller.name, onBehalfOf: caller.onBehalfOf, relayContext, send };
}

async function answered(caller: ServerCaller, what: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return answerError(error, `${caller.name} ${what}`);
  }
}

/** Create, retrieve (JSON or a re-stream) and cancel, recorded in the chain index and jobs like the proxy's; creates stay out of the history. */
export function createServerResponses(caller: ServerCaller): ServerResponses {
  return {
    create: (body, signal) =>
      answered(caller, 'create', () => sendCreate(openCall(caller, signal), { text: JSON.stringify(body), json: body }, false, 'grid')),
    retrieve: (id, query, signal) =>
      answered(caller, 'retrieve', async () => {
        const call = openCall(caller, signal);
        const audit: AuditNote = {};
        const upstream = await call.send(responsePath(requireResponseId(id)), { query, audit });
        return relay(upstream, call.relayContext, { observer: observeStream(caller.onBehalfOf, null, id, audit), onJson: recordPolled(id, audit) });
      }),
    cancel: (id) =>
      answered(caller, 'cancel', async () => {
        const call = openCall(caller, undefined);
        const audit: AuditNote = {};
        const upstream = await call.send(responsePath(requireResponseId(id), 'cancel'), { method: 'POST', audit });
        return relay(upstream, call.relayContext, { onJson: recordPolled(id, audit) });
      }),
  };
}
