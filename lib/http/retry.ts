// When the browser retries a failed query: only transient failures (no connection, 429, 5xx), a few times, further apart each time.
import { ApiError } from '@/lib/schema/api-error';

export const MAX_QUERY_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 4xx other than 429 will answer the same again: never retried (a gateway answering 400 to GET /models is not asked in a loop). */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** react-query's `retry`: transient failures only, up to MAX_QUERY_RETRIES. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isTransientFailure(error);
}

/** react-query's `retryDelay`: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}
