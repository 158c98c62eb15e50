// callGateway: the only place that sends HTTP to the gateway (remote, or the local one mounted in this app).
import 'server-only';
import { actorLabel, ownerIdOf, type Actor } from '@/lib/auth/identity';
import { getInstallKey, isProtected, proxyKeyForMountedGateway } from '@/lib/auth/local-gateway-key';
import type { AuditNote } from '@/lib/audit/entry';
import { recordAudit } from '@/lib/audit/writer';
import { redactCredentials } from '@/lib/schema/credentials';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { gatewayApiPath, internalOrigin, type Env } from '@/lib/env-schema';
import { ApiError } from '@/lib/schema';
import { sendToGateway, type GatewayReply } from './http-call';
import { scrubSource } from './scrub';

export interface CallGatewayInit {
  /** Who the call is made for: the audit log names them (a signed-in user, the shared playground, or the server's own work). */
  actor: Actor;
  /**
   * Filled in by the caller while the reply is read (the response id a stream names); written to the audit log when the
   * reply ends. `false` only for the health probe: a load balancer polling /api/health would otherwise fill the log.
   */
  audit?: AuditNote | false;
  method?: string;
  /** A string (or bytes) is sent as is; anything else is JSON-encoded. */
  body?: unknown;
  query?: URLSearchParams;
  onBehalfOf?: string | null;
  /** A browser-supplied key; wins over the server key when given. */
  apiKey?: string | null;
  signal?: AbortSignal;
}

export interface UpstreamTarget {
  baseUrl: string;
  host: string;
  isLocal: boolean;
}

export function resolveUpstream(env: Env = getEnv()): UpstreamTarget {
  const raw = env.GATEWAY_BASE_URL ?? internalOrigin(env);
  const url = new URL(`${raw}${gatewayApiPath(env)}`);
  url.username = '';
  url.password = '';
  return { baseUrl: url.toString().replace(/\/+$/, ''), host: url.host, isLocal: !env.GATEWAY_BASE_URL };
}

/**
 * The bearer for one call: a browser key, else for a remote gateway GATEWAY_API_KEY, else the mounted local gateway's own
 * key (LOCAL_GATEWAY_API_KEYS' first, or the per-install key once PLAYGROUND_ACCESS_TOKEN protects the playground).
 */
export function resolveBearer(env: Env, apiKey: string | null | undefined, installKey: string | null = null): string | null {
  if (apiKey) return apiKey;
  if (env.GATEWAY_BASE_URL) return env.GATEWAY_API_KEY ?? null;
  return proxyKeyForMountedGateway(env, installKey);
}

/** Every secret that must never reach a browser, a log line or an error message. */
export function knownSecrets(env: Env = getEnv(), extra: Array<string | null | undefined> = []): string[] {
  const secrets = [env.GATEWAY_API_KEY, env.PLAYGROUND_ACCESS_TOKEN, env.OIDC_CLIENT_SECRET, ...env.LOCAL_GATEWAY_API_KEYS, ...extra];
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
}

function encodeBody(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(JSON.stringify(body));
}

/** node:http names the cause in `code` (ECONNREFUSED...); a wrapped error in its `cause`. */
function describeCause(error: unknown): string {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof failure?.code === 'string' && failure.code !== 'ABORT_ERR') return failure.code;
  const code = failure?.cause && typeof failure.cause.code === 'string' ? failure.cause.code : null;
  return code ?? 'connection failed';
}

function describeFailure(error: unknown, init: CallGatewayInit, timeout: AbortSignal, env: Env, host: string): ApiError {
  if (init.signal?.aborted) return new ApiError(499, 'The browser closed the request before the gateway answered.', { code: 'client_closed_request' });
  if (timeout.aborted) {
    return new ApiError(504, `The gateway at ${host} sent no response within ${env.GATEWAY_TIMEOUT_MS} ms (GATEWAY_TIMEOUT_MS).`, { code: 'gateway_timeout' });
  }
  return new ApiError(502, `The gateway at ${host} is unreachable (${describeCause(error)}).`, { code: 'gateway_unreachable' });
}

/**
 * The gateway's reply with every known secret replaced in its body, streams included (a gateway that echoes a key must not
 * leak it to any caller); `onEnd` runs once its body has ended, failed or been cancelled.
 */
function withoutSecrets(reply: GatewayReply & { body: NonNullable<GatewayReply['body']> }, secrets: readonly string[], onEnd: () => void): Response {
  reply.headers.delete('content-length');
  return new Response(scrubSource(reply.body, secrets, onEnd), { status: reply.status, statusText: reply.statusText, headers: reply.headers });
}

const RESPONSE_PATH = /^\/responses\/([^/]+)/;

/**
 * Writes the audit entry of one call once its reply has ended (off the request path: the writer batches). The note is read
 * on the next turn of the event loop, after the caller's hook for a JSON reply (which names the response) has run.
 */
function auditCall(env: Env, path: string, init: CallGatewayInit, startedAt: number, outcome: { status: number; errorCode: string | null }): void {
  if (init.audit === false) return;
  const endedAt = Date.now();
  setImmediate(() => writeAudit(env, path, init, startedAt, endedAt, outcome));
}

function writeAudit(env: Env, path: string, init: CallGatewayInit, startedAt: number, endedAt: number, outcome: { status: number; errorCode: string | null }): void {
  const note = init.audit || {};
  const idInPath = RESPONSE_PATH.exec(path)?.[1];
  recordAudit({
    at: new Date(startedAt),
    userId: ownerIdOf(init.actor),
    actor: actorLabel(init.actor),
    method: init.method ?? 'GET',
    path,
    model: note.model ?? null,
    onBehalfOf: init.onBehalfOf ?? null,
    responseId: note.responseId ?? (idInPath ? decodeURIComponent(idInPath) : null),
    status: outcome.status,
    durationMs: endedAt - startedAt,
    errorCode: outcome.errorCode,
    requestBody: env.AUDIT_BODIES && note.body ? redactCredentials(note.body) : null,
  });
}

/**
 * Sends one request to `{gateway}{GATEWAY_API_PATH}{path}` (`/api/v1/llm` for the built-in gateway). Resolves with the gateway's response whatever its
 * status; throws ApiError 502 when the gateway cannot be reached and 504 when no response headers
 * arrive within GATEWAY_TIMEOUT_MS. The caller's signal aborts the request (and its body) at any time.
 */
export async function callGateway(path: string, init: CallGatewayInit): Promise<Response> {
  const env = getEnv();
  const startedAt = Date.now();
  const target = resolveUpstream(env);
  const url = new URL(`${target.baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
  if (init.query) url.search = init.query.toString();

  const headers: Record<string, string> = { Accept: 'application/json, text/event-stream' };
  const installKey = !env.GATEWAY_BASE_URL && isProtected(env) ? await getInstallKey(getDb) : null;
  const bearer = resolveBearer(env, init.apiKey, installKey);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (init.onBehalfOf) headers['X-On-Behalf-Of'] = init.onBehalfOf;
  const body = encodeBody(init.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), env.GATEWAY_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
  try {
    // Never cached, never redirected (a 3xx is the caller's to refuse: relay.ts), outside Next.js's patched fetch.
    const reply = await sendToGateway(url, { method: init.method ?? 'GET', headers, body, signal });
    const finish = () => auditCall(env, path, init, startedAt, { status: reply.status, errorCode: null });
    if (!reply.body) {
      finish();
      return new Response(null, { status: reply.status, statusText: reply.statusText, headers: reply.headers });
    }
    return withoutSecrets({ ...reply, body: reply.body }, knownSecrets(env, [bearer, init.apiKey]), finish);
  } catch (error) {
    const failure = describeFailure(error, init, timeout.signal, env, target.host);
    auditCall(env, path, init, startedAt, { status: failure.status, errorCode: failure.code });
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
