// Assertion helpers for the schema tests: parse a body and compare the first error's param and code.
import { expect } from 'vitest';
import { parseCreateResponseBody } from '@/lib/schema';

export const MODEL = 'test-model';

export function body(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: MODEL, ...extra };
}

export function expectAccepted(value: unknown) {
  const result = parseCreateResponseBody(value);
  if (!result.ok) expect.fail(`expected the body to be accepted, got: ${result.error.error.message}`);
  return result.data;
}

export function expectRejected(value: unknown, param: string | null, code: string) {
  const result = parseCreateResponseBody(value);
  if (result.ok) expect.fail(`expected the body to be rejected at ${param}`);
  expect(result.error.error).toMatchObject({ type: 'invalid_request_error', param, code });
  return result.error.error;
}
