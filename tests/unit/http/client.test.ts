import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { ApiError, requireResponseId } from '@/lib/schema';

const ROOT = path.resolve(__dirname, '../../..');

function stubFetch(reply: (url: string, init?: RequestInit) => Response | Promise<Response>): { url: string; init?: RequestInit }[] {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return reply(url, init);
  });
  return calls;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchJson', () => {
  it('sends `json` as a JSON body and returns the parsed reply', async () => {
    const calls = stubFetch(() => Response.json({ id: 'p1' }));
    expect(await fetchJson('/api/presets', { method: 'PUT', json: { name: 'a' } })).toEqual({ id: 'p1' });
    expect(calls[0]?.init?.body).toBe('{"name":"a"}');
    expect(new Headers(calls[0]?.init?.headers).get('content-type')).toBe('application/json');
    expect(calls[0]?.init?.cache).toBe('no-store');
  });

  it('throws the ApiError the envelope describes', async () => {
    stubFetch(() => Response.json({ error: { message: "No preset named 'x'.", type: 'not_found_error', param: 'name', code: 'not_found' } }, { status: 404 }));
    const error = await caught(fetchJson('/api/presets?name=x', { method: 'DELETE' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "No preset named 'x'.", type: 'not_found_error', param: 'name', code: 'not_found' });
  });

  it('fills what a gateway envelope leaves out, and names the status when there is no envelope', async () => {
    stubFetch(() => Response.json({ error: { message: 'Overloaded.' } }, { status: 503 }));
    expect(await caught(fetchJson('/x'))).toMatchObject({ status: 503, message: 'Overloaded.', type: 'server_error', param: null, code: null });
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await caught(fetchJson('/x'))).toMatchObject({ status: 502, message: 'The server answered 502.' });
  });

  it('reports an unreachable server as status 0 and lets an abort through', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await caught(fetchJson('/x'))).toMatchObject({ status: 0, message: 'fetch failed', code: 'network_error' });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    expect(await caught(fetchJson('/x'))).toMatchObject({ name: 'AbortError' });
  });

  it('checks the reply against a schema when given one', async () => {
    stubFetch(() => Response.json({ id: 5 }));
    expect(await caught(fetchJson('/x', {}, z.object({ id: z.string() })))).toMatchObject({ status: 200, code: 'unexpected_reply' });
  });
});

describe('fetchJson with a zod-free check', () => {
  it('takes any check with the safeParse contract', async () => {
    const onlyArrays = { safeParse: (body: unknown) => (Array.isArray(body) ? { success: true as const, data: body } : { success: false as const }) };
    stubFetch(() => Response.json([1]));
    expect(await fetchJson('/api/x', {}, onlyArrays)).toEqual([1]);
    stubFetch(() => Response.json({}));
    expect(await caught(fetchJson('/api/x', {}, onlyArrays))).toMatchObject({ code: 'unexpected_reply' });
  });
});

describe('query keys', () => {
  it('gives every query family its own first segment', () => {
    const firsts = [queryKeys.session, queryKeys.health, queryKeys.models, queryKeys.presets, queryKeys.history(''), queryKeys.jobs, queryKeys.job, queryKeys.captures, queryKeys.capture(null), queryKeys.chainIndex].map((key) => key[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(queryKeys.jobList('queued', 'x').slice(0, 1)).toEqual(queryKeys.jobs);
    expect(queryKeys.chainIndexFor('alice').slice(0, 2)).toEqual(queryKeys.chainIndex);
  });

  it('are written only in lib/http/query-keys.ts: no component spells a key literal', () => {
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    })(path.join(ROOT, 'components'));
    const literal = /queryKey:\s*\[/;
    expect(files.filter((file) => literal.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});

describe('apiUrlForId (browser calls of routes that take a response id)', () => {
  it('puts an opaque id into the path as one percent-encoded segment', () => {
    expect(apiUrlForId('jobs', 'resp_1')).toBe('/api/jobs/resp_1');
    expect(apiUrlForId('jobs', 'a/b c:d=', 'cancel')).toBe('/api/jobs/a%2Fb%20c%3Ad%3D/cancel');
    expect(apiUrlForId('chains', 'YWJj/ZGVm+Z2hp==', 'deleted')).toBe('/api/chains/YWJj%2FZGVm%2BZ2hp%3D%3D/deleted');
    expect(apiUrlForId('responses', '世界', 'input_items')).toBe('/api/responses/%E4%B8%96%E7%95%8C/input_items');
  });

  it('throws the 400 the route would answer, naming the field, for an id the one rule refuses', () => {
    for (const id of ['', '.', '..', 'tab\there', 'nul\u0000', 'lone\ud800', 'x'.repeat(4097)]) {
      const thrown = (check: () => unknown): unknown => {
        try {
          check();
        } catch (error) {
          return error;
        }
        return null;
      };
      const error = thrown(() => apiUrlForId('jobs', id, undefined, 'response_id'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, param: 'response_id', code: 'invalid_id' });
      // The zod-free check (this module is on every page) refuses with the very words of the routes' schema check.
      const routeError = thrown(() => requireResponseId(id, 'response_id')) as ApiError;
      expect(error).toMatchObject({ message: routeError.message, type: routeError.type, param: routeError.param, code: routeError.code });
    }
    for (const id of ['resp_abc', 'a.b', '...', 'x'.repeat(4096)]) expect(() => requireResponseId(id)).not.toThrow();
    for (const id of ['resp_abc', 'a.b', '...', 'x'.repeat(4096)]) expect(apiUrlForId('jobs', id)).toBe(`/api/jobs/${encodeURIComponent(id)}`);
  });

  it('is the only way the browser code builds such a path: no other module writes /api/{responses,jobs,chains}/${...}', () => {
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    })(path.join(ROOT, 'components'))
      .concat(path.join(ROOT, 'lib', 'chains', 'http-fetcher.ts'), path.join(ROOT, 'lib', 'run', 'transport.ts'));
    const handBuilt = /\/api\/(responses|jobs|chains)\/\$\{/;
    expect(files.filter((file) => handBuilt.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
