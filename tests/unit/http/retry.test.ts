import { describe, expect, it } from 'vitest';
import { backoffDelay, MAX_QUERY_RETRIES, retryTransient } from '@/lib/http/retry';
import { ApiError } from '@/lib/schema/errors';

describe('query retries', () => {
  it('never retries a 4xx other than 429 (a gateway answering 400 to GET /models is asked once)', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(retryTransient(0, new ApiError(status, 'no'))).toBe(false);
    expect(retryTransient(0, new Error('not an api error'))).toBe(false);
  });

  it(`retries no connection, 429 and 5xx up to ${MAX_QUERY_RETRIES} times`, () => {
    for (const status of [0, 429, 500, 502, 503]) {
      expect(retryTransient(0, new ApiError(status, 'later'))).toBe(true);
      expect(retryTransient(MAX_QUERY_RETRIES, new ApiError(status, 'later'))).toBe(false);
    }
  });

  it('waits longer each time, at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(backoffDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
  });
});
