import { describe, expect, it } from 'vitest';
import { findEchoNotices, isBackgroundTurn, isSameModel, type EchoReplies } from '@/lib/transcript/echo';
import type { TurnRequest } from '@/lib/transcript/run-types';
import type { JsonObject } from '@/lib/transcript/types';

const create = (body: JsonObject): TurnRequest => ({ body: { model: 'm-1', input: 'hi', ...body }, headers: {}, kind: 'create' });

/** A stream's replies: the created event's object and the completed one (the same fields unless `last` overrides). */
function streamed(first: JsonObject, last: JsonObject = {}): EchoReplies {
  return { firstResponse: { id: 'resp_1', status: 'in_progress', ...first }, response: { id: 'resp_1', status: 'completed', ...first, ...last }, isStreamed: true };
}

function json(first: JsonObject, last?: JsonObject): EchoReplies {
  const firstResponse = { id: 'resp_1', ...first };
  return { firstResponse, response: last ? { id: 'resp_1', ...first, ...last } : firstResponse, isStreamed: false };
}

const texts = (request: TurnRequest, replies: EchoReplies) => findEchoNotices(request, replies).map((notice) => `${notice.kind} ${notice.field}: ${notice.text}`);

describe('findEchoNotices', () => {
  it('says nothing when every sent field is echoed as sent', () => {
    const request = create({ background: true, store: false, auto_routing: true, auto_routing_debug: true, webhook_url: 'https://hooks.example/x', stream: true });
    const replies = streamed({ model: 'm-1', background: true, store: false, auto_routing: true, metadata: { auto_routing_debug: '{"tier":"moe"}' }, status: 'queued' });
    expect(findEchoNotices(request, replies)).toEqual([]);
  });

  it('names auto_routing and auto_routing_debug as ignored when no decision was written and the model asked for ran', () => {
    const notices = findEchoNotices(create({ auto_routing: true, auto_routing_debug: true }), json({ model: 'm-1', status: 'completed', metadata: {} }));
    expect(notices.map((notice) => [notice.field, notice.kind, notice.text])).toEqual([
      ['auto_routing', 'ignored', 'the gateway ignored auto_routing'],
      ['auto_routing_debug', 'ignored', 'the gateway ignored auto_routing_debug'],
    ]);
    expect(notices[0]?.reason).toContain('metadata.auto_routing_debug');
  });

  it('calls auto_routing unconfirmed (not ignored) when only it was sent and nothing in the reply speaks to it', () => {
    expect(texts(create({ auto_routing: true }), json({ model: 'm-1', status: 'completed' }))).toEqual(['unconfirmed auto_routing: the gateway may have ignored auto_routing']);
    expect(texts(create({ auto_routing: true }), json({ model: 'm-1', status: 'completed', auto_routing: false }))).toEqual(['ignored auto_routing: the gateway ignored auto_routing']);
  });

  it('takes another model than asked as routing when auto_routing was sent, and as a replacement when it was not', () => {
    expect(texts(create({ model: 'fam', auto_routing: true }), json({ model: 'fam-q4', status: 'completed' }))).toEqual([]);
    expect(texts(create({ model: 'fam', auto_routing: true }), json({ model: 'fam-q4', status: 'completed', auto_routing: true }))).toEqual([]);
    expect(texts(create({ model: 'fam' }), json({ model: 'fam-q4', status: 'completed' }))).toEqual(['replaced model: the gateway ran fam-q4, not fam']);
    // A gateway that refused routing and still ran another model replaced it.
    expect(texts(create({ model: 'fam', auto_routing: true }), json({ model: 'other', status: 'completed', auto_routing: false }))).toEqual([
      'ignored auto_routing: the gateway ignored auto_routing',
      'replaced model: the gateway ran other, not fam',
    ]);
  });

  it('ignores auto_routing_debug without auto_routing (the spec writes a decision only with routing on)', () => {
    expect(texts(create({ auto_routing_debug: true }), json({ model: 'm-1', status: 'completed' }))).toEqual([]);
  });

  it('judges background by its echo, else by the first status of the reply', () => {
    expect(texts(create({ background: true }), json({ model: 'm-1', status: 'completed', background: false }))).toEqual(['ignored background: the gateway ignored background']);
    // Without the echo: a JSON reply while queued or in progress is a background run; one that has ended is not.
    expect(texts(create({ background: true }), json({ model: 'm-1', status: 'queued' }, { status: 'completed' }))).toEqual([]);
    expect(texts(create({ background: true }), json({ model: 'm-1', status: 'in_progress' }, { status: 'completed' }))).toEqual([]);
    const blocked = findEchoNotices(create({ background: true }), json({ model: 'm-1', status: 'completed' }));
    expect(blocked.map((notice) => notice.kind)).toEqual(['ignored']);
    expect(blocked[0]?.reason).toBe('it answered only once the response had ended (completed), as it does a foreground request');
    // A stream starts in_progress either way, unless it waits queued.
    expect(texts(create({ background: true, stream: true }), streamed({ model: 'm-1' }))).toEqual(['unconfirmed background: the gateway may have ignored background']);
    expect(texts(create({ background: true, stream: true }), streamed({ model: 'm-1', status: 'queued' }))).toEqual([]);
  });

  it('names webhook_url only when background was certainly ignored (no response object echoes webhook_url)', () => {
    const request = create({ background: true, webhook_url: 'https://hooks.example/x' });
    expect(texts(request, json({ model: 'm-1', status: 'queued' }))).toEqual([]);
    expect(texts(request, json({ model: 'm-1', status: 'completed', background: false }))).toEqual([
      'ignored background: the gateway ignored background',
      'ignored webhook_url: the gateway ignored webhook_url',
    ]);
  });

  it('judges store by its echo; a missing echo matters only for store: false', () => {
    expect(texts(create({ store: false }), json({ model: 'm-1', status: 'completed', store: true }))).toEqual(['ignored store: the gateway ignored store']);
    expect(findEchoNotices(create({ store: false }), json({ model: 'm-1', status: 'completed', store: true }))[0]?.reason).toBe('you sent store: false; its reply says store: true');
    expect(texts(create({ store: false }), json({ model: 'm-1', status: 'completed' }))).toEqual(['unconfirmed store: the gateway may have ignored store']);
    expect(texts(create({ store: true }), json({ model: 'm-1', status: 'completed' }))).toEqual([]);
    expect(texts(create({ store: true }), json({ model: 'm-1', status: 'completed', store: false }))).toEqual(['ignored store: the gateway ignored store']);
  });

  it('says when no reply names the model that ran', () => {
    expect(texts(create({}), json({ status: 'completed' }))).toEqual(['unconfirmed model: the gateway did not say which model ran']);
  });

  it('reads the echo from whichever reply carries it (the first event may be thinner than the last)', () => {
    const replies: EchoReplies = { firstResponse: { id: 'a', status: 'in_progress' }, response: { id: 'b', status: 'completed', model: 'm-1', store: false }, isStreamed: true };
    expect(texts(create({ store: false, stream: true }), replies)).toEqual([]);
  });

  it('judges nothing before any response object, and nothing for retrieves and re-streams', () => {
    expect(findEchoNotices(create({ auto_routing: true }), { firstResponse: null, response: null, isStreamed: true })).toEqual([]);
    const retrieve: TurnRequest = { body: { response_id: 'resp_1' }, headers: {}, kind: 'retrieve' };
    expect(findEchoNotices(retrieve, json({ status: 'completed' }))).toEqual([]);
  });
});

describe('isSameModel', () => {
  it('takes dated snapshots and provider prefixes as the model asked for, and nothing else', () => {
    expect(isSameModel('gpt-4o', 'gpt-4o-2024-08-06')).toBe(true);
    expect(isSameModel('claude-3-5-sonnet', 'claude-3-5-sonnet-20241022')).toBe(true);
    expect(isSameModel('gpt-4o', 'openai/gpt-4o')).toBe(true);
    expect(isSameModel('openai/gpt-4o', 'gpt-4o')).toBe(true);
    expect(isSameModel('gpt-4o', 'gpt-4o-mini')).toBe(false);
    expect(isSameModel('gpt-4o', 'gpt-4o-mini-2024-07-18')).toBe(false);
    expect(isSameModel('local-agent', 'local-agent-q4')).toBe(false);
  });
});

describe('isBackgroundTurn', () => {
  it('believes the echo, else the request of a create turn', () => {
    expect(isBackgroundTurn(create({}), { id: 'r', background: true })).toBe(true);
    expect(isBackgroundTurn(create({ background: true }), { id: 'r', background: false })).toBe(false);
    expect(isBackgroundTurn(create({ background: true }), { id: 'r' })).toBe(true);
    expect(isBackgroundTurn(create({}), { id: 'r' })).toBe(false);
    expect(isBackgroundTurn(create({ background: true }), null)).toBe(false);
    expect(isBackgroundTurn({ body: { response_id: 'r' }, headers: {}, kind: 'retrieve' }, { id: 'r' })).toBe(false);
  });
});
