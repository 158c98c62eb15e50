import { describe, expect, it } from 'vitest';
import { createLocalGateway } from '@/lib/local-gateway';
import {
  appendConversationItems,
  appendEvents,
  createConversation,
  findConversation,
  findOrphans,
  findResponse,
  insertResponse,
  listEvents,
  markDeleted,
  saveResponseState,
} from '@/lib/local-gateway/store';
import { DATABASE_KINDS, setUpTestDatabases } from '../support/databases';

const databases = setUpTestDatabases();

const row = (id: string, ownerKey: string, status = 'completed') => ({
  id,
  ownerKey,
  status,
  background: true,
  stream: true,
  stored: true,
  request: { model: 'local-agent' },
  response: { id, object: 'response', status, output: [] },
  inputItems: [{ id: 'msg_1', type: 'message', role: 'user', content: [] }],
});

describe.each(DATABASE_KINDS)('local gateway store on %s', (kind) => {
  it('scopes responses to their owner and hides deleted ones', async () => {
    const handle = await databases.open(kind);
    await insertResponse(handle.db, row('resp_a', 'owner-1'));
    expect((await findResponse(handle.db, 'resp_a', 'owner-1'))?.inputItems).toEqual([{ id: 'msg_1', type: 'message', role: 'user', content: [] }]);
    expect(await findResponse(handle.db, 'resp_a', 'owner-2')).toBeNull();
    await saveResponseState(handle.db, 'resp_a', { id: 'resp_a', status: 'cancelled' });
    expect((await findResponse(handle.db, 'resp_a', 'owner-1'))?.status).toBe('cancelled');
    await markDeleted(handle.db, 'resp_a');
    expect(await findResponse(handle.db, 'resp_a', 'owner-1')).toBeNull();
  });

  it('keeps events in sequence order and replays after a cursor', async () => {
    const handle = await databases.open(kind);
    await insertResponse(handle.db, row('resp_e', 'o'));
    await appendEvents(handle.db, 'resp_e', [2, 0, 1].map((n) => ({ type: 'x', sequence_number: n })));
    await appendEvents(handle.db, 'resp_e', [{ type: 'x', sequence_number: 1 }]);
    expect((await listEvents(handle.db, 'resp_e', 0)).map((event) => event.sequence_number)).toEqual([1, 2]);
  });

  it('appends conversation items atomically', async () => {
    const handle = await databases.open(kind);
    await createConversation(handle.db, 'conv_1', 'o');
    await Promise.all([
      appendConversationItems(handle.db, 'conv_1', [{ type: 'message', id: 'a' }]),
      appendConversationItems(handle.db, 'conv_1', [{ type: 'message', id: 'b' }]),
    ]);
    const conversation = await findConversation(handle.db, 'conv_1');
    expect(conversation?.items.map((item) => item.id).sort()).toEqual(['a', 'b']);
  });

  it('fails responses left unfinished by a dead process when a gateway starts', async () => {
    const handle = await databases.open(kind);
    await insertResponse(handle.db, { ...row('resp_old', 'o', 'in_progress'), updatedAt: new Date(Date.now() - 60_000) });
    await insertResponse(handle.db, row('resp_new', 'o', 'queued'));
    expect((await findOrphans(handle.db, new Date(Date.now() - 15_000), [])).map((entry) => entry.id)).toEqual(['resp_old']);
    const gateway = createLocalGateway({ getDb: async () => handle.db, apiKeys: ['k'], webhookAllow: [], publicOrigin: 'http://127.0.0.1:1', tokensPerSecond: 0 });
    await gateway.handle(new Request('http://127.0.0.1/api/v1/llm/models', { headers: { authorization: 'Bearer k' } }));
    await gateway.close();
    const old = await findResponse(handle.db, 'resp_old', 'o');
    expect(old?.status).toBe('failed');
    expect((old?.response as { error: { code: string } }).error.code).toBe('server_error');
    expect((await findResponse(handle.db, 'resp_new', 'o'))?.status).toBe('queued');
  });

  it('two gateways on one database: the other one sees a run progress, and its cancel stops the run', async () => {
    const handle = await databases.open(kind);
    const options = { getDb: async () => handle.db, apiKeys: ['k'], webhookAllow: [], publicOrigin: 'http://127.0.0.1:1', tokensPerSecond: 40 };
    const [runner, other] = [createLocalGateway(options), createLocalGateway(options)];
    const call = async (gateway: typeof runner, path: string, method = 'GET', body?: unknown) =>
      (await gateway.handle(
        new Request(`http://127.0.0.1/api/v1/llm${path}`, { method, headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
      ).then((response) => response.json())) as { id: string; status: string; output_text: string; output: { status?: string }[] };
    const poll = async (gateway: typeof runner, id: string, done: (response: Awaited<ReturnType<typeof call>>) => boolean) => {
      const deadline = Date.now() + 25_000;
      for (;;) {
        const response = await call(gateway, `/responses/${id}`);
        if (done(response) || Date.now() > deadline) return response;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      const created = await call(runner, '/responses', 'POST', { model: 'local-agent', input: 'stream 3000 words', background: true });
      const seen = await poll(other, created.id, (response) => response.output_text.length > 0);
      expect(seen.status).toBe('in_progress');
      expect(seen.output_text.length).toBeGreaterThan(0);
      const cancelled = await call(other, `/responses/${created.id}/cancel`, 'POST');
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.output.map((item) => item.status)).not.toContain('in_progress');
      const stopped = await poll(runner, created.id, (response) => response.status !== 'in_progress');
      expect(stopped.status).toBe('cancelled');
      expect(stopped.output_text.startsWith(seen.output_text)).toBe(true);
      const final = await call(other, `/responses/${created.id}`);
      expect(final).toMatchObject({ status: 'cancelled', output_text: stopped.output_text });
    } finally {
      await Promise.all([runner.close(), other.close()]);
    }
  });
});
