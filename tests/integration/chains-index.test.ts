import { describe, expect, it } from 'vitest';
import { getChainEntry, getChainIndex, markDeleted, recordLookup } from '@/lib/chains/api';
import { getSeenResponse, listSeenResponses, markResponseDeleted, updateSeenStatus, upsertSeenResponse, type SeenResponse } from '@/lib/chains/index-store';
import { chainIndexSchema } from '@/lib/chains/schema';
import { requestHistory } from '@/lib/db/schema';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';

const seen = (id: string, fields: Partial<SeenResponse> = {}): SeenResponse => ({
  id,
  previousResponseId: null,
  conversationId: null,
  model: 'local-agent',
  status: 'completed',
  onBehalfOf: null,
  ...fields,
});

describe.each(DATABASE_KINDS)('chain index on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('upserts sightings: later ones update the status and never erase a known parent', async () => {
    const db = database();
    await upsertSeenResponse(db, seen('up_2', { previousResponseId: 'up_1', conversationId: 'conv_1', status: 'in_progress', onBehalfOf: 'alice' }));
    await upsertSeenResponse(db, seen('up_2', { model: null, status: 'completed', onBehalfOf: 'alice', stored: true }));
    expect(await getSeenResponse(db, 'up_2')).toMatchObject({
      id: 'up_2',
      previous_response_id: 'up_1',
      conversation_id: 'conv_1',
      model: 'local-agent',
      status: 'completed',
      on_behalf_of: 'alice',
      stored: true,
      deleted: false,
    });
  });

  it('keeps a terminal status: a later sighting or status update that is not further along does not undo it', async () => {
    const db = database();
    await upsertSeenResponse(db, seen('fwd_1', { status: 'queued' }));
    expect(await updateSeenStatus(db, 'fwd_1', 'in_progress')).toBe(true);
    expect(await updateSeenStatus(db, 'fwd_1', 'queued')).toBe(false);
    expect(await updateSeenStatus(db, 'fwd_1', 'completed')).toBe(true);
    await upsertSeenResponse(db, seen('fwd_1', { status: 'in_progress' }));
    expect(await updateSeenStatus(db, 'fwd_1', 'cancelled')).toBe(false);
    expect((await getSeenResponse(db, 'fwd_1'))?.status).toBe('completed');
    expect(await updateSeenStatus(db, 'fwd_never_seen', 'completed')).toBe(false);
    expect(await getSeenResponse(db, 'fwd_never_seen')).toBeNull();
  });

  it('marks deleted (sticky across later sightings), even an id it never saw', async () => {
    const db = database();
    await upsertSeenResponse(db, seen('del_1'));
    expect((await markResponseDeleted(db, 'del_1', null))?.deleted).toBe(true);
    await upsertSeenResponse(db, seen('del_1', { status: 'completed' }));
    expect((await getSeenResponse(db, 'del_1'))?.deleted).toBe(true);
    expect(await markResponseDeleted(db, 'never_seen', 'bob')).toMatchObject({ id: 'never_seen', deleted: true, on_behalf_of: 'bob' });
  });

  it('lists one user, the no-user scope, or everyone', async () => {
    const db = database();
    await upsertSeenResponse(db, seen('u_a', { onBehalfOf: 'carol' }));
    await upsertSeenResponse(db, seen('u_b', { onBehalfOf: 'carol', previousResponseId: 'u_a' }));
    await upsertSeenResponse(db, seen('u_none'));
    expect((await listSeenResponses(db, { onBehalfOf: 'carol' })).map((entry) => entry.id)).toEqual(['u_a', 'u_b']);
    const noUser = (await listSeenResponses(db, { onBehalfOf: null })).map((entry) => entry.id);
    expect(noUser).toContain('u_none');
    expect(noUser).not.toContain('u_a');
    expect((await listSeenResponses(db)).length).toBeGreaterThanOrEqual(5);
  });

  it('serves the index as a forest with branches and conversations over HTTP handlers', async () => {
    const db = database();
    const post = (body: unknown, user?: string) =>
      recordLookup(db, new Request('http://test/api/chains', { method: 'POST', body: JSON.stringify(body), headers: user ? { 'X-On-Behalf-Of': user } : {} }));
    expect((await post({ id: 'h_1', model: 'local-agent', status: 'completed' }, 'dave')).status).toBe(200);
    await post({ id: 'h_2', previous_response_id: 'h_1' }, 'dave');
    await post({ id: 'h_3', previous_response_id: 'h_2' }, 'dave');
    await post({ id: 'h_3b', previous_response_id: 'h_2' }, 'dave');
    await post({ id: 'h_c1', conversation: { id: 'conv_h' } }, 'dave');
    await post({ id: 'h_c2', conversation: 'conv_h' }, 'dave');

    const reply = await getChainIndex(db, new Request('http://test/api/chains?on_behalf_of=dave'));
    const index = chainIndexSchema.parse(await reply.json());
    const tree = index.roots.find((root) => root.id === 'h_1');
    expect(tree?.children.map((child) => child.id)).toEqual(['h_2']);
    expect(tree?.children[0]?.children.map((child) => child.id)).toEqual(['h_3', 'h_3b']);
    expect(index.roots.every((root) => root.entry?.on_behalf_of === 'dave')).toBe(true);
    expect(index.conversations).toEqual([expect.objectContaining({ id: 'conv_h', responses: [expect.objectContaining({ id: 'h_c1' }), expect.objectContaining({ id: 'h_c2' })] })]);
  });

  it('answers errors in the envelope: bad JSON, bad field, unknown id, bad id', async () => {
    const db = database();
    const badJson = await recordLookup(db, new Request('http://test/api/chains', { method: 'POST', body: '{' }));
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_json' } });
    const badField = await recordLookup(db, new Request('http://test/api/chains', { method: 'POST', body: JSON.stringify({ id: 5 }) }));
    expect(await badField.json()).toMatchObject({ error: { param: 'id' } });
    const unknown = await getChainEntry(db, new Request('http://test/api/chains/nope'), 'nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_in_index', param: 'id', type: 'invalid_request_error' } });
    // Ids are opaque (spaces allowed); only the one rule's refusals are 400 (tests/integration/response-id-routes.test.ts).
    expect((await getChainEntry(db, new Request('http://test/api/chains/x'), '..')).status).toBe(400);
    expect((await getChainEntry(db, new Request('http://test/api/chains/x'), 'a b')).status).toBe(404);
    const badUser = await recordLookup(db, new Request('http://test/api/chains', { method: 'POST', body: JSON.stringify({ id: 'u' }), headers: { 'X-On-Behalf-Of': 'x'.repeat(300) } }));
    expect(badUser.status).toBe(400);
    expect(await badUser.json()).toMatchObject({ error: { param: 'X-On-Behalf-Of' } });
    const deleted = await markDeleted(db, new Request('http://test', { method: 'POST' }), 'h_2');
    expect(await deleted.json()).toMatchObject({ id: 'h_2', deleted: true, previous_response_id: 'h_1' });
  });
});

describe.each(DATABASE_KINDS)('chain index reading the request history on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('learns store:false from the sent request when the sighting did not say', async () => {
    const db = database();
    await upsertSeenResponse(db, seen('hist_off'));
    await upsertSeenResponse(db, seen('hist_on'));
    await upsertSeenResponse(db, seen('hist_odd'));
    await upsertSeenResponse(db, seen('hist_recorded', { stored: true }));
    await db.insert(requestHistory).values([
      { body: { model: 'm', store: false }, responseId: 'hist_off' },
      { body: { model: 'm' }, responseId: 'hist_on' },
      { body: { model: 'm', store: 'nope' }, responseId: 'hist_odd' },
      { body: { model: 'm', store: false }, responseId: 'hist_recorded' },
    ]);
    expect((await getSeenResponse(db, 'hist_off'))?.stored).toBe(false);
    expect((await getSeenResponse(db, 'hist_on'))?.stored).toBeNull();
    expect((await getSeenResponse(db, 'hist_odd'))?.stored).toBeNull();
    expect((await getSeenResponse(db, 'hist_recorded'))?.stored).toBe(true);
    const listed = await listSeenResponses(db);
    expect(listed.find((entry) => entry.id === 'hist_off')?.stored).toBe(false);
  });
});
