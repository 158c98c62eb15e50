// callGateway: the only place that sends HTTP to the gateway (remote, or the local one mounted in this app).
import 'server-only';
import { getInstallKey, isProtected, proxyKeyForMountedGateway } from '@/lib/auth/local-gateway-key';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { gatewayApiPath, internalOrigin, type Env } from '@/lib/env-schema';
import { ApiError } from '@/lib/schema';
import { scrubStream } from './scrub';

export interface CallGatewayInit {
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
  const secrets = [env.GATEWAY_API_KEY, env.PLAYGROUND_ACCESS_TOKEN, ...env.LOCAL_GATEWAY_API_KEYS, ...extra];
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body as BodyInit;
  return JSON.stringify(body);
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause && typeof cause.code === 'string' ? cause.code : null;
  return code ?? 'connection failed';
}

/** The gateway's reply with every known secret replaced in its body, streams included: a gateway that echoes a key must not leak it to any caller. */
function withoutSecrets(response: Response, secrets: readonly string[]): Response {
  if (!response.body) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(scrubStream(response.body, secrets), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sends one request to `{gateway}{GATEWAY_API_PATH}{path}` (`/api/v1/llm` for the built-in gateway). Resolves with the gateway's response whatever its
 * status; throws ApiError 502 when the gateway cannot be reached and 504 when no response headers
 * arrive within GATEWAY_TIMEOUT_MS. The caller's signal aborts the request (and its body) at any time.
 */
export async function callGateway(path: string, init: CallGatewayInit = {}): Promise<Response> {
  const env = getEnv();
  const target = resolveUpstream(env);
  const url = new URL(`${target.baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
  if (init.query) url.search = init.query.toString();

  const headers = new Headers({ Accept: 'application/json, text/event-stream' });
  const installKey = !env.GATEWAY_BASE_URL && isProtected(env) ? await getInstallKey(getDb) : null;
  const bearer = resolveBearer(env, init.apiKey, installKey);
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  if (init.onBehalfOf) headers.set('X-On-Behalf-Of', init.onBehalfOf);
  const body = encodeBody(init.body);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), env.GATEWAY_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, signal, redirect: 'manual', cache: 'no-store' });
    return withoutSecrets(response, knownSecrets(env, [bearer, init.apiKey]));
  } catch (error) {
    if (init.signal?.aborted) throw new ApiError(499, 'The browser closed the request before the gateway answered.', { code: 'client_closed_request' });
    if (timeout.signal.aborted) {
      throw new ApiError(504, `The gateway at ${target.host} sent no response within ${env.GATEWAY_TIMEOUT_MS} ms (GATEWAY_TIMEOUT_MS).`, {
        code: 'gateway_timeout',
      });
    }
    throw new ApiError(502, `The gateway at ${target.host} is unreachable (${describeCause(error)}).`, { code: 'gateway_unreachable' });
  } finally {
    clearTimeout(timer);
  }
}
