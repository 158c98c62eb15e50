import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, apiErrorBodySchema, makeApiError, parseOrThrow, toErrorBody, toErrorResponse, zodPathToParam } from '@/lib/schema';

const ROOT = path.resolve(__dirname, '../../..');
const ENVELOPE_MODULE = 'lib/schema/errors.ts';
/** The error class itself, apart so that the browser reads error replies without loading zod. */
const ERROR_CLASS_MODULE = 'lib/schema/api-error.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) ? [full] : [];
  });
}

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
    expect(zodPathToParam([0, 'x'])).toBe('[0].x');
  });

  it('builds an invalid_request_error by default', () => {
    expect(makeApiError('Bad thing.')).toEqual({
      error: { message: 'Bad thing.', type: 'invalid_request_error', param: null, code: null },
    });
    const built = makeApiError('Upstream down.', { type: 'server_error', code: 'upstream_unreachable' });
    expect(built.error).toEqual({ message: 'Upstream down.', type: 'server_error', param: null, code: 'upstream_unreachable' });
    expect(apiErrorBodySchema.parse(built)).toEqual(built);
  });

  it('picks the protocol type from the status when none is given', () => {
    expect(new ApiError(401, 'x').type).toBe('invalid_request_error');
    expect(new ApiError(404, 'x').type).toBe('invalid_request_error');
    expect(new ApiError(429, 'x').type).toBe('rate_limit_error');
    expect(new ApiError(502, 'x').type).toBe('server_error');
    expect(new ApiError(401, 'x', { type: 'authentication_error' }).type).toBe('authentication_error');
  });

  it('reads gateway errors and rejects other shapes', () => {
    const gateway = { error: { message: 'm', type: 't', param: 'model', code: null, request_id: 'r' } };
    expect(apiErrorBodySchema.parse(gateway)).toEqual(gateway);
    expect(apiErrorBodySchema.safeParse({ message: 'flat' }).success).toBe(false);
    const error = ApiError.fromBody(400, gateway, { 'Retry-After': '3' });
    expect([error.status, error.message, error.type, error.param, error.code, error.headers['Retry-After']]).toEqual([400, 'm', 't', 'model', null, '3']);
  });

  it('turns a ZodError into a 400 naming the nested field as tools[2].x', () => {
    const schema = z.object({ tools: z.array(z.object({ x: z.number() })) });
    const input = { tools: [{ x: 1 }, { x: 2 }, { x: 'three' }] };
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a failure');
    const body = toErrorBody(result.error, input);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param: 'tools[2].x', code: 'invalid_type' });
    expect(body.error.message).toContain("'tools[2].x'");
    expect(() => parseOrThrow(schema, input)).toThrow(ApiError);
    try {
      parseOrThrow(schema, { tools: [{}] });
    } catch (error) {
      expect(error).toMatchObject({ status: 400, param: 'tools[0].x', code: 'missing_required_parameter' });
    }
  });

  it('answers with the status, the envelope, no-store and the error headers', async () => {
    const response = toErrorResponse(new ApiError(429, 'Slow down.', { code: 'rate_limit_exceeded', headers: { 'Retry-After': '7' } }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { message: 'Slow down.', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });
  });

  it(`is built only in ${ENVELOPE_MODULE}: no other source writes an envelope literal`, () => {
    const files = [...['app', 'components', 'lib', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))), path.join(ROOT, 'proxy.ts')];
    // An object literal with an error holding a param, or a zod schema of one, is a second envelope.
    const envelopeLiteral = /error\s*:\s*(\{[^{}]{0,200}?\bparam\b|z\.(looseObject|object|strictObject)\()/;
    const builders = files
      .map((file) => path.relative(ROOT, file))
      .filter((file) => file !== ENVELOPE_MODULE && envelopeLiteral.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(builders).toEqual([]);
    expect(envelopeLiteral.test(readFileSync(path.join(ROOT, ENVELOPE_MODULE), 'utf8'))).toBe(true);
  });

  it('has one error class: no other module declares a class extending Error with an HTTP status', () => {
    const files = ['app', 'components', 'lib'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const statusErrorClass = /class \w+ extends Error[\s\S]{0,400}?\bstatus\b/;
    const classes = files.map((file) => path.relative(ROOT, file)).filter((file) => statusErrorClass.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(classes).toEqual([ERROR_CLASS_MODULE]);
  });
});
