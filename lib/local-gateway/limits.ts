// The gateway's own limits: the body size, and per API key requests per minute and concurrent streams (429 with Retry-After beyond).
import { createRateLimiter } from '@/lib/auth/rate-limit';
import { createStreamLimiter } from '@/lib/auth/stream-limit';
import type { BodyLimit } from '@/lib/http/body';
import { ApiError } from '@/lib/schema/errors';

export const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** Read by lib/http/body.ts (the Next mount and create) and answered the same way by the standalone server. */
export const BODY_LIMIT: BodyLimit = { bytes: MAX_BODY_BYTES, name: "the local gateway's 20 MiB limit" };

export interface GatewayLimits {
  /** Counts one request; throws 429 when the key is over its per-minute limit. */
  admit(keyId: string): void;
  /** Takes a stream slot; throws 429 when the key has the maximum open. Call the result once the stream closes. */
  openStream(keyId: string): () => void;
}

function tooMany(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, message, { type: 'rate_limit_error', code: 'rate_limit_exceeded', headers: { 'retry-after': String(retryAfterSeconds) } });
}

/** Limits of 0 or undefined are off. The counting is the proxy's (lib/auth), one instance per gateway. */
export function createGatewayLimits(options: { requestsPerMinute?: number; concurrentStreams?: number }, now: () => number = Date.now): GatewayLimits {
  const perMinute = options.requestsPerMinute ?? 0;
  const maxStreams = options.concurrentStreams ?? 0;
  const requests = perMinute > 0 ? createRateLimiter(perMinute, now) : null;
  const streams = createStreamLimiter(maxStreams);
  return {
    admit(keyId) {
      const result = requests?.take(keyId);
      if (result && !result.ok) {
        throw tooMany(
          `Too many requests for this API key: at most ${perMinute} per minute (LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE). Retry after ${result.retryAfterSeconds} s.`,
          result.retryAfterSeconds,
        );
      }
    },
    openStream(keyId) {
      const release = streams.acquire(keyId);
      if (!release) {
        throw tooMany(`Too many concurrent streams for this API key: at most ${maxStreams} (LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS). Close one, or retry shortly.`, 1);
      }
      return release;
    },
  };
}
