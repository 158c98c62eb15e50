import { describe, expect, it } from 'vitest';
import { buildForest, groupConversations } from '@/lib/chains/forest';
import { chainIndexReply } from '@/lib/chains/index-reply';
import { chainIndexSchema, type ChainEntry, type ChainIndex } from '@/lib/chains/schema';

function entry(id: string, previous: string | null, conversation: string | null = null): ChainEntry {
  return {
    id,
    previous_response_id: previous,
    conversation_id: conversation,
    model: 'local-agent',
    status: 'completed',
    on_behalf_of: null,
    stored: true,
    deleted: false,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
    owner_id: null,
    shared: false,
    is_changeable: true,
  };
}

/** An index as the route builds it: a chain with a missing parent, a branch, and a conversation. */
function sampleIndex(): ChainIndex {
  const entries = [entry('resp_a', null), entry('resp_b', 'resp_a', 'conv_1'), entry('resp_c', 'resp_a'), entry('resp_d', 'resp_gone')];
  return { object: 'chain_index', roots: buildForest(entries), conversations: groupConversations(entries) };
}

describe('the chain index reply read without zod (the chains page reads it as it loads)', () => {
  it('takes what the route sends, as it is, and so does the shared schema', () => {
    const index = JSON.parse(JSON.stringify(sampleIndex())) as unknown;
    expect(chainIndexSchema.safeParse(index).success).toBe(true);
    expect(chainIndexReply.safeParse(index)).toEqual({ success: true, data: index });
  });

  it.each([
    ['null', null],
    ['an error page read as JSON', { error: 'oops' }],
    ['another object', { object: 'list', roots: [], conversations: [] }],
    ['roots that are not a list', { object: 'chain_index', roots: {}, conversations: [] }],
    ['a node without children', { object: 'chain_index', roots: [{ id: 'resp_a', entry: null }], conversations: [] }],
    ['a deep node without an id', { object: 'chain_index', roots: [{ id: 'resp_a', entry: null, children: [{ entry: null, children: [] }] }], conversations: [] }],
    ['an entry of another id', { object: 'chain_index', roots: [{ id: 'resp_a', entry: { id: 'resp_b' }, children: [] }], conversations: [] }],
    ['a conversation without its responses', { object: 'chain_index', roots: [], conversations: [{ id: 'conv_1' }] }],
  ])('refuses %s, as the shared schema does', (_label, body) => {
    expect(chainIndexReply.safeParse(body)).toEqual({ success: false });
    expect(chainIndexSchema.safeParse(body).success).toBe(false);
  });

  it('walks a forest deeper than the call stack allows recursion', () => {
    let node = { id: 'resp_0', entry: null, children: [] as unknown[] };
    const root = node;
    for (let depth = 1; depth < 20_000; depth += 1) {
      const child = { id: `resp_${depth}`, entry: null, children: [] as unknown[] };
      node.children.push(child);
      node = child;
    }
    expect(chainIndexReply.safeParse({ object: 'chain_index', roots: [root], conversations: [] }).success).toBe(true);
  });
});
