import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, startTestGateway, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway?.close();
});

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callGateway(gateway, '/responses', { body, headers });
}

interface Listed {
  data: Array<Record<string, unknown>>;
}

describe('item_reference inputs', () => {
  it('brings the referenced stored item into the context and the input items, typed or bare', async () => {
    const first = (await (await create({ model: 'local-echo', input: 'The secret word is pelican.' })).json()) as { id: string; output: Array<{ id: string; type: string }> };
    const answer = first.output.find((item) => item.type === 'message');
    expect(answer).toBeDefined();
    const inputs = (await (await callGateway(gateway, `/responses/${first.id}/input_items?order=asc`)).json()) as Listed;
    const question = inputs.data[0] as { id: string };

    for (const reference of [{ type: 'item_reference', id: question.id }, { id: question.id }]) {
      const response = await create({ model: 'local-agent', input: [reference, { role: 'user', content: 'what did I ask before?' }] });
      expect(response.status).toBe(200);
      const second = (await response.json()) as { id: string; output_text: string };
      expect(second.output_text).toContain('pelican');
      const listed = (await (await callGateway(gateway, `/responses/${second.id}/input_items?order=asc`)).json()) as Listed;
      expect(listed.data[0]).toMatchObject({ id: question.id, type: 'message', role: 'user' });
    }

    const byOutput = await create({ model: 'local-echo', input: [{ type: 'item_reference', id: answer!.id }, { role: 'user', content: 'go on' }] });
    expect(byOutput.status).toBe(200);
  });

  it('answers 400 naming the item for an unknown id or another user\'s item', async () => {
    const unknown = await create({ model: 'local-agent', input: [{ type: 'item_reference', id: 'msg_missing' }] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { param: 'input[0].id', code: 'item_not_found', message: "Item with id 'msg_missing' not found." } });

    const mine = (await (await create({ model: 'local-echo', input: 'private note' }, { 'x-on-behalf-of': 'alice' })).json()) as { id: string };
    const items = (await (await callGateway(gateway, `/responses/${mine.id}/input_items`, { headers: { 'x-on-behalf-of': 'alice' } })).json()) as Listed;
    const noteId = String(items.data[0]?.id);
    const other = await create({ model: 'local-agent', input: [{ type: 'item_reference', id: noteId }] }, { 'x-on-behalf-of': 'bob' });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { param: 'input[0].id', code: 'item_not_found' } });
  });
});
