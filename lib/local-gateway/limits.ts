// The gateway's own limits: the body size, and per API key requests per minute and concurrent streams (429 with Retry-After beyond).
import type { BodyLimit } from '@/lib/http/body';
import { ApiError } from '@/lib/schema/errors';

export const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** Read by lib/http/body.ts (the Next mount and create) and answered the same way by the standalone server. */
export const BODY_LIMIT: BodyLimit = { bytes: MAX_BODY_BYTES, name: "the local gateway's 20 MiB limit" };

const WINDOW_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;

export interface GatewayLimits {
  /** Counts one request; throws 429 when the key is over its per-minute limit. */
  admit(keyId: string): void;
  /** Takes a stream slot; throws 429 when the key has the maximum open. Call the result once the stream closes. */
  openStream(keyId: string): () => void;
}

function tooMany(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, message, { type: 'rate_limit_error', code: 'rate_limit_exceeded', headers: { 'retry-after': String(retryAfterSeconds) } });
}

/** Limits of 0 or undefined are off. */
export function createGatewayLimits(options: { requestsPerMinute?: number; concurrentStreams?: number }, now: () => number = Date.now): GatewayLimits {
  const hits = new Map<string, number[]>();
  const open = new Map<string, number>();
  const perMinute = options.requestsPerMinute ?? 0;
  const maxStreams = options.concurrentStreams ?? 0;
  return {
    admit(keyId) {
      if (perMinute <= 0) return;
      const at = now();
      if (hits.size > MAX_TRACKED_KEYS) for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= at - WINDOW_MS) hits.delete(key);
      const times = (hits.get(keyId) ?? []).filter((time) => time > at - WINDOW_MS);
      hits.set(keyId, times);
      if (times.length >= perMinute) {
        const retryAfter = Math.max(1, Math.ceil(((times[0] ?? at) + WINDOW_MS - at) / 1000));
        throw tooMany(`Too many requests for this API key: at most ${perMinute} per minute (LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE). Retry after ${retryAfter} s.`, retryAfter);
      }
      times.push(at);
    },
    openStream(keyId) {
      if (maxStreams <= 0) return () => undefined;
      const count = open.get(keyId) ?? 0;
      if (count >= maxStreams) {
        throw tooMany(`Too many concurrent streams for this API key: at most ${maxStreams} (LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS). Close one, or retry shortly.`, 1);
      }
      open.set(keyId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(keyId) ?? 1) - 1;
        if (left > 0) open.set(keyId, left);
        else open.delete(keyId);
      };
    },
  };
}
