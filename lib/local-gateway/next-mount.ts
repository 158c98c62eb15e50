// The gateway instance mounted in the Next app: built once from getEnv() and getDb(), kept on globalThis across module reloads.
import 'server-only';
import { getInstallKey, isProtected, mountedGatewayKeys } from '@/lib/auth/local-gateway-key';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { publicOrigin } from '@/lib/env-schema';
import { ApiError } from '@/lib/schema/errors';
import { errorResponse } from './errors';
import { createLocalGateway, type LocalGateway } from './index';
import { makeRequestId } from './router';

const holder = globalThis as typeof globalThis & { __playgroundLocalGateway?: Promise<LocalGateway> };

/** Its keys: LOCAL_GATEWAY_API_KEYS, or once a token protects the playground those without the public dev key plus the per-install key the proxy uses. */
async function buildLocalGateway(): Promise<LocalGateway> {
  const env = getEnv();
  const installKey = isProtected(env) ? await getInstallKey(getDb) : null;
  return createLocalGateway({
    getDb,
    apiKeys: mountedGatewayKeys(env, installKey),
    webhookAllow: env.LOCAL_GATEWAY_WEBHOOK_ALLOW,
    publicOrigin: publicOrigin(env),
    tokensPerSecond: env.LOCAL_GATEWAY_TOKENS_PER_SECOND,
    rateLimitPerMinute: env.LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE,
    maxConcurrentStreams: env.LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS,
  });
}

function getLocalGateway(): Promise<LocalGateway> {
  if (!holder.__playgroundLocalGateway) {
    holder.__playgroundLocalGateway = buildLocalGateway();
    holder.__playgroundLocalGateway.catch(() => {
      holder.__playgroundLocalGateway = undefined;
    });
  }
  return holder.__playgroundLocalGateway;
}

/** Serves /api/v1/llm/* when no remote gateway is configured; otherwise a 404 envelope saying so. */
export async function handleLocalGatewayRequest(request: Request): Promise<Response> {
  if (getEnv().GATEWAY_BASE_URL) {
    const response = errorResponse(
      new ApiError(404, 'The local gateway is off because GATEWAY_BASE_URL is set; send requests to that gateway instead.', { code: 'local_gateway_disabled' }),
    );
    response.headers.set('x-request-id', makeRequestId());
    return response;
  }
  return (await getLocalGateway()).handle(request);
}
