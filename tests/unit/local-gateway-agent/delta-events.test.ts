// Delta events are built cheaply (one object each, one hash per item stream for all its obfuscation pads) and still the same wire shape.
import { hash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { itemEvents } from '@/lib/local-gateway/agent';
import { obfuscationPads } from '@/lib/local-gateway/agent/ids';
import { plan } from './helpers';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, hash: vi.fn(actual.hash) };
});

function longAnswer() {
  const turn = plan({ input: 'Tell me about tide pools in detail.', text: { verbosity: 'high' } });
  return turn.items.find((item) => item.type === 'message')!;
}

describe('delta events', () => {
  it('one hash pads every delta of an item stream, not one per delta', () => {
    const item = longAnswer();
    vi.mocked(hash).mockClear();
    const events = itemEvents(item, 0, { obfuscation: true, partialImages: 0 });
    const deltas = events.filter(({ event }) => event.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThan(50);
    expect(vi.mocked(hash).mock.calls.length).toBe(1);
    for (const { event } of deltas) expect(event.obfuscation).toMatch(/^[A-Za-z0-9]{2,}$/);
  });

  it('keeps the wire shape: keys in order, pads that even out sizes, differ from delta to delta and repeat for the same item', () => {
    const item = longAnswer();
    const first = itemEvents(item, 2, { obfuscation: true, partialImages: 0 }).filter(({ event }) => event.type === 'response.output_text.delta');
    const again = itemEvents(item, 2, { obfuscation: true, partialImages: 0 }).filter(({ event }) => event.type === 'response.output_text.delta');
    expect(Object.keys(first[0]!.event)).toEqual(['type', 'item_id', 'output_index', 'content_index', 'delta', 'logprobs', 'obfuscation']);
    expect(first[0]!.event).toMatchObject({ type: 'response.output_text.delta', item_id: item.id, output_index: 2, content_index: 0, logprobs: [] });
    for (const { event } of first) expect((event.obfuscation as string).length).toBe(Math.max(2, 16 - (event.delta as string).length));
    expect(again.map(({ event }) => event.obfuscation)).toEqual(first.map(({ event }) => event.obfuscation));
    expect(new Set(first.map(({ event }) => event.obfuscation)).size).toBeGreaterThan(first.length * 0.9);
  });

  it('obfuscationPads is deterministic per seed and position, and differs across seeds', () => {
    const pads = obfuscationPads('msg_1\u0000response.output_text.delta');
    expect(pads(3, 4)).toBe(obfuscationPads('msg_1\u0000response.output_text.delta')(3, 4));
    expect(pads(3, 4)).toHaveLength(12);
    expect(pads(3, 4)).not.toBe(pads(4, 4));
    expect(obfuscationPads('msg_2\u0000response.output_text.delta')(3, 4)).not.toBe(pads(3, 4));
    expect(pads(0, 40)).toHaveLength(2);
  });
});
