import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, makeApiError, zodPathToParam } from '@/lib/schema';

describe('error envelope', () => {
  it('renders zod paths in the protocol style', () => {
    expect(zodPathToParam(['tools', 2, 'parameters'])).toBe('tools[2].parameters');
    expect(zodPathToParam(['input', 0, 'content', 1, 'image_url'])).toBe('input[0].content[1].image_url');
    expect(zodPathToParam(['metadata', 'foo'])).toBe('metadata.foo');
    expect(zodPathToParam(['text', 'format', 'name'])).toBe('text.format.name');
    expect(zodPathToParam([])).toBe('');
  });

  it('quotes keys that would make the path ambiguous', () => {
    expect(zodPathToParam(['metadata', 'a.b'])).toBe('metadata["a.b"]');
    expect(zodPathToParam(['metadata', 'has space'])).toBe('metadata["has space"]');
  });

  it('builds an invalid_request_error by default', () => {
    expect(makeApiError('Bad thing.')).toEqual({
      error: { message: 'Bad thing.', type: 'invalid_request_error', param: null, code: null },
    });
    const built = makeApiError('Upstream down.', { type: 'server_error', code: 'upstream_unreachable' });
    expect(built.error).toEqual({ message: 'Upstream down.', type: 'server_error', param: null, code: 'upstream_unreachable' });
    expect(apiErrorBodySchema.parse(built)).toEqual(built);
  });

  it('reads gateway errors and rejects other shapes', () => {
    const gateway = { error: { message: 'm', type: 't', param: 'model', code: null, request_id: 'r' } };
    expect(apiErrorBodySchema.parse(gateway)).toEqual(gateway);
    expect(apiErrorBodySchema.safeParse({ message: 'flat' }).success).toBe(false);
  });
});
