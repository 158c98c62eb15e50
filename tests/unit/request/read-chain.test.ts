// Opening a thread walks previous_response_id back through the proxy; an id the one rule refuses is never fetched, and its turn shows the refusal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_OPENED_TURNS, readChain } from '@/components/request/read-chain';

function stubProxy(responses: Record<string, Record<string, unknown>>, index: Record<string, string> = {}): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const path = decodeURIComponent(new URL(url, 'http://app').pathname);
    const chain = /^\/api\/chains\/(.+)$/.exec(path);
    if (chain) {
      const runId = index[chain[1]!];
      return runId
        ? Response.json({ id: runId, previous_response_id: null, conversation_id: null, model: null, status: 'completed', on_behalf_of: null, stored: true, deleted: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })
        : Response.json({ error: { message: 'not indexed', type: 'invalid_request_error', param: 'id', code: 'not_found' } }, { status: 404 });
    }
    const items = /^\/api\/responses\/(.+)\/input_items$/.exec(path);
    if (items) return Response.json({ object: 'list', data: [{ type: 'message', role: 'user', content: `newest of ${items[1]}` }, { type: 'message', role: 'user', content: `oldest of ${items[1]}` }] });
    const id = /^\/api\/responses\/(.+)$/.exec(path)?.[1] ?? '';
    const response = responses[id];
    return response ? Response.json({ id, object: 'response', ...response }) : Response.json({ error: { message: `No response ${id}`, type: 'invalid_request_error', param: null, code: 'not_found' } }, { status: 404 });
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readChain', () => {
  it('reads root first, each turn with what it was sent (oldest item first)', async () => {
    stubProxy({ resp_3: { previous_response_id: 'resp_2' }, resp_2: { previous_response_id: 'resp_1' }, resp_1: {} });
    const chain = await readChain('resp_3', {});
    expect(chain.links.map((link) => link.id)).toEqual(['resp_1', 'resp_2', 'resp_3']);
    expect(chain.links[0]?.input).toEqual([
      { type: 'message', role: 'user', content: 'oldest of resp_1' },
      { type: 'message', role: 'user', content: 'newest of resp_1' },
    ]);
    expect(chain.olderFrom).toBeNull();
  });

  it('never fetches a parent id the one rule refuses: the walk ends there and that turn (opened through the run) shows the refusal', async () => {
    const urls = stubProxy({ resp_2: { previous_response_id: '..' } });
    const chain = await readChain('resp_2', {});
    expect(chain.links).toEqual([{ id: '..' }, expect.objectContaining({ id: 'resp_2' })]);
    expect(urls.some((url) => url.includes('/..') || url.includes('%2E%2E'))).toBe(false);
    expect(urls.every((url) => url.startsWith('/api/responses/resp_2'))).toBe(true);
  });

  it('goes on from the run id when a parent is an alias the chain index knows, percent-encoding opaque ids', async () => {
    const urls = stubProxy({ 'resp/3=': { previous_response_id: 'backend:1' }, 'resp/1=': {} }, { 'backend:1': 'resp/1=' });
    const chain = await readChain('resp/3=', {});
    expect(chain.links.map((link) => link.id)).toEqual(['resp/1=', 'resp/3=']);
    expect(urls).toContain('/api/chains/backend%3A1');
    expect(urls).toContain('/api/responses/resp%2F3%3D');
  });

  it(`stops after ${MAX_OPENED_TURNS} turns and says where the older ones start`, async () => {
    const responses: Record<string, Record<string, unknown>> = {};
    for (let turn = 1; turn <= MAX_OPENED_TURNS + 5; turn += 1) responses[`r${turn}`] = turn > 1 ? { previous_response_id: `r${turn - 1}` } : {};
    stubProxy(responses);
    const chain = await readChain(`r${MAX_OPENED_TURNS + 5}`, {});
    expect(chain.links).toHaveLength(MAX_OPENED_TURNS);
    expect(chain.links[0]?.id).toBe('r6');
    expect(chain.olderFrom).toBe('r5');
  });

  it('throws when the proxy cannot be reached (the caller then opens the leaf alone, showing the error)', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(readChain('resp_1', {})).rejects.toMatchObject({ status: 0 });
  });
});
