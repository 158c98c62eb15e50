import { describe, expect, it } from 'vitest';
import { fetchAllInputItems, loadTurns, walkChain, type ChainTurn, type WalkEnd } from '@/lib/chains/walk';
import { createFakeFetcher, entry, response, type FakeWorld } from './fake-fetcher';

async function walk(world: FakeWorld, leaf: string, currentUser: string | null = null, maxTurns?: number) {
  const { fetcher, calls } = createFakeFetcher(world);
  const turns: ChainTurn[] = [];
  const generator = walkChain(leaf, fetcher, { currentUser, maxTurns });
  let next = await generator.next();
  while (!next.done) {
    turns.push(next.value);
    next = await generator.next();
  }
  return { turns, end: next.value as WalkEnd, calls };
}

const threeTurns: FakeWorld = {
  responses: { r1: response('r1', null), r2: response('r2', 'r1'), r3: response('r3', 'r2') },
  inputItems: { r1: [{ id: 'in1' }], r2: [{ id: 'in2' }], r3: [{ id: 'in3a' }, { id: 'in3b' }] },
};

describe('walkChain', () => {
  it('walks leaf to root with one retrieve per turn, and ends at the root', async () => {
    const { turns, end, calls } = await walk(threeTurns, 'r3');
    expect(turns.map((turn) => `${turn.kind}:${turn.id}`)).toEqual(['turn:r3', 'turn:r2', 'turn:r1']);
    expect(end).toBe('root');
    expect(calls.filter((call) => call.startsWith('retrieve'))).toEqual(['retrieve r3', 'retrieve r2', 'retrieve r1']);
    const leaf = turns[0];
    expect(leaf?.kind === 'turn' && leaf.inputItems.map((item) => item.id)).toEqual(['in3a', 'in3b']);
  });

  it('reads every input_items page, continuing after the last id while has_more', async () => {
    const items = Array.from({ length: 7 }, (_, index) => ({ id: `item${index}` }));
    const { fetcher, calls } = createFakeFetcher({ responses: {}, inputItems: { r1: items }, pageSize: 3 });
    const result = await fetchAllInputItems(fetcher, 'r1');
    expect(result.ok && result.value.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(calls).toEqual(['input_items r1 after=-', 'input_items r1 after=item2', 'input_items r1 after=item5']);
  });

  it('stops paging with a failure when has_more comes without a new cursor', async () => {
    const result = await fetchAllInputItems(
      { listInputItems: async () => ({ ok: true, value: { data: [], last_id: null, has_more: true } }) },
      'r1',
    );
    expect(result.ok).toBe(false);
  });

  it('keeps a turn whose input_items failed, with the failure', async () => {
    const { fetcher } = createFakeFetcher(threeTurns);
    fetcher.listInputItems = async () => ({ ok: false, failure: { status: 500, message: 'boom', code: null } });
    const first = await walkChain('r1', fetcher, { currentUser: null }).next();
    expect(first.value).toMatchObject({ kind: 'turn', id: 'r1', inputItems: [], inputItemsFailure: { status: 500 } });
  });

  it('explains a deleted middle turn and walks on through the parent the index remembers', async () => {
    const world: FakeWorld = {
      ...threeTurns,
      responses: { r1: response('r1', null), r3: response('r3', 'r2') },
      index: { r2: entry('r2', { previous_response_id: 'r1', deleted: true }) },
    };
    const { turns, end } = await walk(world, 'r3');
    expect(turns.map((turn) => `${turn.kind}:${turn.id}`)).toEqual(['turn:r3', 'broken:r2', 'turn:r1']);
    expect(turns[1]).toMatchObject({ kind: 'broken', failure: { status: 404 }, explanation: { reason: 'deleted' } });
    expect(end).toBe('root');
  });

  it('names the other user when the index saw the response with someone else', async () => {
    const world: FakeWorld = {
      responses: {},
      index: { r2: entry('r2', { previous_response_id: 'r1', on_behalf_of: 'alice' }), r1: entry('r1', { on_behalf_of: 'alice' }) },
    };
    const { turns, end } = await walk(world, 'r2', 'bob');
    expect(turns.map((turn) => (turn.kind === 'broken' ? turn.explanation.reason : 'ok'))).toEqual(['other_user', 'other_user']);
    expect(turns[0]?.kind === 'broken' && turns[0].explanation.detail).toContain('"alice"');
    expect(end).toBe('root');
  });

  it('stops at a broken link the index never saw, reporting an unknown parent', async () => {
    const { turns, end } = await walk({ responses: { r3: response('r3', 'r2') } }, 'r3');
    expect(turns.map((turn) => (turn.kind === 'broken' ? turn.explanation.reason : turn.id))).toEqual(['r3', 'unknown']);
    expect(end).toBe('unknown_parent');
  });

  it('stops on a cycle and on a chain longer than the limit', async () => {
    const cycle = await walk({ responses: { a: response('a', 'b'), b: response('b', 'a') } }, 'a');
    expect(cycle.turns.map((turn) => turn.id)).toEqual(['a', 'b']);
    expect(cycle.end).toBe('cycle');
    const long = await walk(threeTurns, 'r3', null, 2);
    expect(long.turns.map((turn) => turn.id)).toEqual(['r3', 'r2']);
    expect(long.end).toBe('too_long');
  });
});

describe('loadTurns', () => {
  it('loads the given ids in order, explaining the ones it cannot retrieve', async () => {
    const { fetcher } = createFakeFetcher({ ...threeTurns, index: { gone: entry('gone', { deleted: true }) } });
    const turns: ChainTurn[] = [];
    for await (const turn of loadTurns(['r1', 'gone', 'r3'], fetcher, { currentUser: null })) turns.push(turn);
    expect(turns.map((turn) => `${turn.kind}:${turn.id}`)).toEqual(['turn:r1', 'broken:gone', 'turn:r3']);
    expect(turns[1]?.kind === 'broken' && turns[1].explanation.reason).toBe('deleted');
  });
});
