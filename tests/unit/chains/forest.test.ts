import { describe, expect, it } from 'vitest';
import { buildForest, findPath, groupConversations } from '@/lib/chains/forest';
import type { ChainNode } from '@/lib/chains/schema';
import { entry } from './fake-fetcher';

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;

function shape(node: ChainNode): unknown {
  return node.children.length ? { [node.id]: node.children.map(shape) } : node.id;
}

describe('buildForest', () => {
  it('draws responses that share an ancestor as branches of one tree, children oldest first', () => {
    const roots = buildForest([
      entry('r1', { created_at: at(1), updated_at: at(1) }),
      entry('r2', { previous_response_id: 'r1', created_at: at(2), updated_at: at(2) }),
      entry('r3', { previous_response_id: 'r2', created_at: at(3), updated_at: at(3) }),
      entry('b3', { previous_response_id: 'r2', created_at: at(4), updated_at: at(4) }),
      entry('solo', { created_at: at(0), updated_at: at(0) }),
    ]);
    expect(roots.map(shape)).toEqual([{ r1: [{ r2: ['r3', 'b3'] }] }, 'solo']);
  });

  it('puts the tree with the latest activity first', () => {
    const roots = buildForest([
      entry('old', { created_at: at(1), updated_at: at(1) }),
      entry('new', { created_at: at(2), updated_at: at(2) }),
      entry('old-child', { previous_response_id: 'old', created_at: at(3), updated_at: at(9) }),
    ]);
    expect(roots.map((root) => root.id)).toEqual(['old', 'new']);
  });

  it('joins siblings under a placeholder for a parent the index never saw', () => {
    const roots = buildForest([entry('a', { previous_response_id: 'ghost' }), entry('b', { previous_response_id: 'ghost' })]);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ id: 'ghost', entry: null });
    expect(roots[0]?.children.map((child) => child.id)).toEqual(['a', 'b']);
  });

  it('keeps every entry exactly once even when parents form a cycle', () => {
    const roots = buildForest([entry('a', { previous_response_id: 'b' }), entry('b', { previous_response_id: 'a' })]);
    const ids = (node: ChainNode): string[] => [node.id, ...node.children.flatMap(ids)];
    expect(roots.flatMap(ids).sort()).toEqual(['a', 'b']);
  });

  it('finds the path from the root to an id', () => {
    const roots = buildForest([entry('r1'), entry('r2', { previous_response_id: 'r1' }), entry('x')]);
    expect(findPath(roots, 'r2')).toEqual(['r1', 'r2']);
    expect(findPath(roots, 'nope')).toEqual([]);
  });
});

describe('groupConversations', () => {
  it('groups entries by conversation in creation order', () => {
    const groups = groupConversations([
      entry('c2', { conversation_id: 'conv_a', created_at: at(2), updated_at: at(2) }),
      entry('c1', { conversation_id: 'conv_a', created_at: at(1), updated_at: at(1) }),
      entry('d1', { conversation_id: 'conv_b', created_at: at(5), updated_at: at(5) }),
      entry('none'),
    ]);
    expect(groups.map((group) => [group.id, group.responses.map((response) => response.id)])).toEqual([
      ['conv_b', ['d1']],
      ['conv_a', ['c1', 'c2']],
    ]);
  });
});
