import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpChainFetcher, fetchIndexEntry, toRecordBody } from '@/lib/chains/http-fetcher';
import { fetchAllInputItems } from '@/lib/chains/walk';

type Call = { url: string; init: RequestInit | undefined };

function stubFetch(reply: (url: string) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return reply(url);
  });
  return calls;
}

const headerOf = (call: Call | undefined, name: string) => new Headers(call?.init?.headers).get(name);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createHttpChainFetcher', () => {
  it('retrieves through the proxy as the acting user and records what it saw in the index', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/responses/')
        ? Response.json({ id: 'resp_2', previous_response_id: 'resp_1', conversation: { id: 'conv_1' }, model: 'm', status: 'completed', store: true })
        : Response.json({}),
    );
    const result = await createHttpChainFetcher({ onBehalfOf: 'alice' }).retrieve('resp_2');
    expect(result).toMatchObject({ ok: true, value: { id: 'resp_2', previous_response_id: 'resp_1' } });
    expect(calls[0]?.url).toBe('/api/responses/resp_2');
    expect(headerOf(calls[0], 'x-on-behalf-of')).toBe('alice');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/chains');
    expect(headerOf(calls[1], 'x-on-behalf-of')).toBe('alice');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      id: 'resp_2',
      previous_response_id: 'resp_1',
      conversation: 'conv_1',
      model: 'm',
      status: 'completed',
      store: true,
    });
  });

  it('sends no X-On-Behalf-Of for the no-user scope and turns an error envelope into a failure', async () => {
    const calls = stubFetch(() => Response.json({ error: { message: "Response 'x' not found.", type: 'invalid_request_error', param: null, code: null } }, { status: 404 }));
    const result = await createHttpChainFetcher({ onBehalfOf: '  ' }).retrieve('x');
    expect(result).toEqual({ ok: false, failure: { status: 404, message: "Response 'x' not found.", code: null } });
    expect(headerOf(calls[0], 'x-on-behalf-of')).toBeNull();
  });

  it('pages input_items oldest first, 100 at a time, continuing after the last id', async () => {
    const pages: Record<string, unknown> = {
      '': { object: 'list', data: [{ id: 'a' }, { id: 'b' }], first_id: 'a', last_id: 'b', has_more: true },
      b: { object: 'list', data: [{ id: 'c' }], first_id: 'c', last_id: 'c', has_more: false },
    };
    const calls = stubFetch((url) => Response.json(pages[new URL(url, 'http://x').searchParams.get('after') ?? '']));
    const result = await fetchAllInputItems(createHttpChainFetcher({ onBehalfOf: 'bob' }), 'resp_1');
    expect(result.ok && result.value.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/responses/resp_1/input_items?limit=100&order=asc',
      '/api/responses/resp_1/input_items?limit=100&order=asc&after=b',
    ]);
    expect(calls.every((call) => headerOf(call, 'x-on-behalf-of') === 'bob')).toBe(true);
  });

  it('passes include[] values on retrieve in the gateway form', async () => {
    const calls = stubFetch(() => Response.json({ id: 'r' }));
    await createHttpChainFetcher({ onBehalfOf: null, include: ['message.output_text.logprobs', 'reasoning.encrypted_content'] }).retrieve('r');
    expect(calls[0]?.url).toBe('/api/responses/r?include[]=message.output_text.logprobs&include[]=reasoning.encrypted_content');
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const result = await createHttpChainFetcher({ onBehalfOf: null }).retrieve('x');
    expect(result).toEqual({ ok: false, failure: { status: 0, message: 'fetch failed', code: null } });
  });

  it('builds the record body from a response with a string conversation', () => {
    expect(toRecordBody({ id: 'r', conversation: 'conv_9' })).toEqual({
      id: 'r',
      previous_response_id: null,
      conversation: 'conv_9',
      model: null,
      status: null,
      store: null,
    });
  });
});

describe('ids the one rule refuses', () => {
  it('fail like the route would refuse them (400 invalid_id naming the id) and are never sent', async () => {
    const calls = stubFetch(() => Response.json({ id: 'never' }));
    const fetcher = createHttpChainFetcher({ onBehalfOf: null });
    for (const id of ['..', 'nul\u0000']) {
      const refused = { ok: false, failure: { status: 400, message: expect.stringContaining('(id)'), code: 'invalid_id' } };
      expect(await fetcher.retrieve(id)).toEqual(refused);
      expect(await fetcher.listInputItems(id, null)).toEqual(refused);
      expect(await fetchIndexEntry(id)).toBeNull();
    }
    expect(calls).toEqual([]);
  });
});

describe('reading replies defensively', () => {
  it('keeps unknown fields and wraps non-object output entries instead of failing', async () => {
    stubFetch(() => Response.json({ id: 'r', extra_field: 1, output: [{ type: 'future_kind', id: 'x' }, 'odd'] }));
    const result = await createHttpChainFetcher({ onBehalfOf: null }).retrieve('r');
    expect(result.ok && result.value).toMatchObject({ extra_field: 1, output: [{ type: 'future_kind', id: 'x' }, { type: 'unknown', value: 'odd' }] });
  });
});
