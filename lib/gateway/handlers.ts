// The proxy functions behind app/api/responses/** and app/api/models: guard, one gateway call, relay.
import 'server-only';
import type { AuditNote } from '@/lib/audit/entry';
import { isHiddenFrom } from '@/lib/chains/index-store';
import { getDb } from '@/lib/db';
import { markAwaitingFirstByte } from '@/lib/db/write-hold';
import { getEnv } from '@/lib/env';
import { describeGateway, type Env } from '@/lib/env-schema';
import { answerError } from '@/lib/http/route';
import { ApiError, requireResponseId, responsePath } from '@/lib/schema';
import { pickQuery, readBrowserKey, readCreateRequest, readOnBehalfOf, type CreateRequest } from './inbound';
import { clientKeyOf } from '@/lib/auth/client-key';
import { requireActor } from '@/lib/auth/current-actor';
import { ownerIdOf } from '@/lib/auth/identity';
import { applyOnBehalfOfPolicy } from '@/lib/auth/on-behalf-of-policy';
import { takeRateLimit } from '@/lib/auth/shared-rate-limit';
import { startRecording } from '@/lib/recordings/recorder';
import type { RecordingFile } from '@/lib/schema/recording';
import { sharedStreamLimiter } from '@/lib/auth/stream-limit';
import { inBackground } from './drain';
import { observeStream, recordPolled } from './observe';
import { readResponseInfo, recordAcceptedBackground, recordCreated, type CreateContext } from './recorders';
import { relay, relayError, type RelayContext } from './relay';
import { callGateway, resolveUpstream, type CallGatewayInit } from './upstream';

const RETRIEVE_QUERY = ['stream', 'starting_after', 'include[]', 'include', 'include_obfuscation'];
const INPUT_ITEMS_QUERY = ['limit', 'order', 'after', 'before', 'include[]', 'include'];

/** Shown by GET /api/models when the gateway has no model list. */
export const FALLBACK_MODELS = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini'];

type SendInit = Omit<CallGatewayInit, 'onBehalfOf' | 'apiKey' | 'signal' | 'actor'>;

export interface ProxyCall {
  env: Env;
  /** Whose records this call makes (null without personal sign-in). */
  ownerId: string | null;
  /** Who the limits count this request against (see lib/auth/client-key.ts). */
  clientKey: string;
  onBehalfOf: string | null;
  relayContext: RelayContext;
  send: (path: string, init?: SendInit) => Promise<Response>;
}

async function runProxied(request: Request, work: (call: ProxyCall) => Promise<Response>): Promise<Response> {
  try {
    const env = getEnv();
    const clientKey = clientKeyOf(request.headers, env.TRUST_PROXY);
    const limit = await takeRateLimit(clientKey, env.PROXY_RATE_LIMIT_PER_MINUTE);
    if (!limit.ok) {
      throw new ApiError(429, `Too many requests from this client: at most ${env.PROXY_RATE_LIMIT_PER_MINUTE} per minute (PROXY_RATE_LIMIT_PER_MINUTE).`, {
        code: 'rate_limit_exceeded',
        headers: { 'Retry-After': String(limit.retryAfterSeconds) },
      });
    }
    const actor = await requireActor(request);
    const onBehalfOf = applyOnBehalfOfPolicy(env, actor, readOnBehalfOf(request));
    const apiKey = readBrowserKey(request, env);
    const upstreamAbort = new AbortController();
    const signal = AbortSignal.any([request.signal, upstreamAbort.signal]);
    const relayContext: RelayContext = {
      host: resolveUpstream(env).host,
      idleMs: env.GATEWAY_STREAM_IDLE_MS,
      abortUpstream: () => upstreamAbort.abort(),
    };
    const send = (path: string, init: SendInit = {}) => callGateway(path, { ...init, actor, onBehalfOf, apiKey, signal });
    return await work({ env, ownerId: ownerIdOf(actor), clientKey, onBehalfOf, relayContext, send });
  } catch (error) {
    return answerError(error, `${request.method} ${new URL(request.url).pathname}`);
  }
}

/**
 * Runs a call that asked for a stream while holding one of the client's PROXY_MAX_CONCURRENT_STREAMS slots (429 when none is
 * free, before the gateway is called); the slot is freed when the stream ends or the browser leaves, at once for any other reply.
 * The relayed stream frees it itself (RelayContext.onStreamClosed), so the slot costs no stream layer of its own.
 */
async function withStreamSlot(call: ProxyCall, isStreamRequested: boolean, work: (call: ProxyCall) => Promise<Response>): Promise<Response> {
  if (!isStreamRequested) return work(call);
  const max = call.env.PROXY_MAX_CONCURRENT_STREAMS;
  const release = sharedStreamLimiter(max).acquire(call.clientKey);
  if (!release) {
    throw new ApiError(429, `Too many streams open from this client: at most ${max} at once (PROXY_MAX_CONCURRENT_STREAMS); wait for one to finish.`, {
      code: 'too_many_streams',
      headers: { 'Retry-After': '1' },
    });
  }
  // Until its first chunk goes out, the history and chain-index writers hold their writes (on PGlite they hold the event loop).
  const firstByteSent = markAwaitingFirstByte();
  const over = () => {
    firstByteSent();
    release();
  };
  try {
    const response = await work({ ...call, relayContext: { ...call.relayContext, onStreamClosed: over, onStreamFirstChunk: firstByteSent } });
    if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) over();
    return response;
  } catch (error) {
    over();
    throw error;
  }
}

/** `recordingSource`: who a streamed create's recording names as its maker (lib/recordings): the proxy, or a grid's cell. */
export async function sendCreate({ onBehalfOf, ownerId, relayContext, send }: ProxyCall, body: CreateRequest, recordsHistory = true, recordingSource: RecordingFile['source'] = 'proxy'): Promise<Response> {
  const create: CreateContext = { body: body.json, onBehalfOf, ownerId, recordsHistory };
  const audit: AuditNote = { model: typeof body.json.model === 'string' ? body.json.model : null, body: body.json };
  // A streamed run is recorded as it passes (lib/recordings): kept in memory, written after the stream ends.
  const recording = body.json.stream === true ? startRecording({ request: body.json, onBehalfOf, ownerId, source: recordingSource }) : null;
  let upstream: Response | null = null;
  try {
    upstream = await send('/responses', { method: 'POST', body: body.text, audit });
    recording?.markHeaders();
    if (!upstream.ok) inBackground(recordCreated(null, create));
    const reply = await relay(upstream, relayContext, {
      tap: recording ? { onText: (text) => recording.onText(text), onEnd: (endedBy) => inBackground(recording.finish(endedBy)) } : undefined,
      observer: observeStream(onBehalfOf, create, null, audit),
      onJson: async (value) => {
        const info = readResponseInfo(value);
        if (info) audit.responseId = info.id;
        if (info) await recordAcceptedBackground(info, create);
        inBackground(recordCreated(info, create));
      },
    });
    // Only a relayed stream feeds (and ends) the recording; any other reply leaves nothing to record.
    if (!(reply.body && (reply.headers.get('content-type') ?? '').includes('text/event-stream'))) recording?.discard();
    return reply;
  } catch (error) {
    recording?.discard();
    // Unreachable, timed out or unreadable: the request was still sent, so the history keeps it.
    if (!upstream || upstream.ok) inBackground(recordCreated(null, create));
    throw error;
  }
}

export function proxyCreateResponse(request: Request): Promise<Response> {
  return runProxied(request, async (call) => {
    const body = await readCreateRequest(request, call.env);
    return withStreamSlot(call, body.json.stream === true, (slotted) => sendCreate(slotted, body));
  });
}

/**
 * The id a call may use: the one id rule, then (with personal sign-in) the chain index's owner: a response another
 * user made and did not share is a 404 here, before the gateway is asked, whatever X-On-Behalf-Of says.
 */
async function visibleResponseId(call: ProxyCall, rawId: string): Promise<string> {
  const id = requireResponseId(rawId);
  if (call.ownerId !== null && (await isHiddenFrom(await getDb(), id, { ownerId: call.ownerId }))) {
    throw new ApiError(404, `No response found with id '${id}'.`, { type: 'invalid_request_error', param: 'id', code: 'not_found' });
  }
  return id;
}

export function proxyGetResponse(request: Request, id: string): Promise<Response> {
  return runProxied(request, async (call) => {
    const query = pickQuery(new URL(request.url).searchParams, RETRIEVE_QUERY);
    const path = responsePath(await visibleResponseId(call, id));
    return withStreamSlot(call, query.getAll('stream').includes('true'), async ({ onBehalfOf, relayContext, send }) => {
      const audit: AuditNote = {};
      const upstream = await send(path, { query, audit });
      return relay(upstream, relayContext, { observer: observeStream(onBehalfOf, null, id, audit), onJson: recordPolled(id, audit) });
    });
  });
}

export function proxyDeleteResponse(request: Request, id: string): Promise<Response> {
  return runProxied(request, async (call) => {
    const { relayContext, send } = call;
    const upstream = await send(responsePath(await visibleResponseId(call, id)), { method: 'DELETE' });
    return relay(upstream, relayContext);
  });
}

export function proxyCancelResponse(request: Request, id: string): Promise<Response> {
  return runProxied(request, async (call) => {
    const { relayContext, send } = call;
    const audit: AuditNote = {};
    const upstream = await send(responsePath(await visibleResponseId(call, id), 'cancel'), { method: 'POST', audit });
    return relay(upstream, relayContext, { onJson: recordPolled(id, audit) });
  });
}

export function proxyListInputItems(request: Request, id: string): Promise<Response> {
  return runProxied(request, async (call) => {
    const { relayContext, send } = call;
    const query = pickQuery(new URL(request.url).searchParams, INPUT_ITEMS_QUERY);
    const upstream = await send(responsePath(await visibleResponseId(call, id), 'input_items'), { query });
    return relay(upstream, relayContext);
  });
}

/** The gateway's model list (`source` names the gateway), or (when it has none: 404) a fallback list marked `fallback: true`; both say whether browser keys are allowed. */
export function proxyListModels(request: Request): Promise<Response> {
  return runProxied(request, async ({ env, relayContext, send }) => {
    const upstream = await send('/models');
    const allowBrowserKeys = env.ALLOW_BROWSER_KEYS;
    if (upstream.status === 404) {
      await upstream.body?.cancel().catch(() => undefined);
      return Response.json(
        {
          object: 'list',
          data: FALLBACK_MODELS.map((id) => ({ id, object: 'model', owned_by: 'playground-fallback' })),
          fallback: true,
          source: 'playground suggestions',
          fallback_reason: `The gateway at ${relayContext.host} has no model list (GET /models answered 404); these are suggestions, not what it serves.`,
          allow_browser_keys: allowBrowserKeys,
        },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    }
    if (!upstream.ok) return relayError(upstream, relayContext);
    const listed = (await upstream.json().catch(() => null)) as Record<string, unknown> | null;
    if (!listed || typeof listed !== 'object' || !Array.isArray(listed.data)) {
      throw new ApiError(502, `The gateway at ${relayContext.host} answered GET /models with something that is not a model list.`, { code: 'bad_gateway_reply' });
    }
    return Response.json({ ...listed, fallback: false, source: describeGateway(env), allow_browser_keys: allowBrowserKeys }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
