// Retrieve options of the local gateway: strict cursors, include[] and include_obfuscation on GET, input_items paging with before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, readSse, startTestGateway, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway?.close();
});

async function createJson(body: Record<string, unknown>): Promise<{ id: string; output: Record<string, unknown>[] }> {
  const response = await callGateway(gateway, '/responses', { body });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; output: Record<string, unknown>[] };
}

async function createStreamed(body: Record<string, unknown>): Promise<string> {
  const { records } = await readSse(await callGateway(gateway, '/responses', { body: { ...body, background: true, stream: true } }));
  expect(records.at(-1)?.event).toBe('response.completed');
  return String((records[0]?.data.response as { id: string }).id);
}

async function expectParamError(path: string, param: string): Promise<void> {
  const response = await callGateway(gateway, path);
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { param, code: 'invalid_value', type: 'invalid_request_error' } });
}

describe('GET /responses/{id}?stream=true', () => {
  it('refuses a starting_after that is empty or not a plain whole number', async () => {
    const id = await createStreamed({ model: 'local-agent', input: 'cursor test' });
    for (const bad of ['', 'abc', '1.5', '%202', '1e1', '0x1', '-2', '99999999999999999999']) {
      await expectParamError(`/responses/${id}?stream=true&starting_after=${bad}`, 'starting_after');
    }
    const { records } = await readSse(await callGateway(gateway, `/responses/${id}?stream=true&starting_after=3`));
    expect(records[0]?.data.sequence_number).toBe(4);
  });

  it('honours include_obfuscation in both directions', async () => {
    const padded = await createStreamed({ model: 'local-agent', input: 'padding test' });
    const bare = await createStreamed({ model: 'local-agent', input: 'padding test', stream_options: { include_obfuscation: false } });
    const deltas = async (path: string) => (await readSse(await callGateway(gateway, path))).records.filter((record) => record.event === 'response.output_text.delta');
    const defaultReplay = await deltas(`/responses/${padded}?stream=true`);
    expect(defaultReplay.length).toBeGreaterThan(0);
    expect(defaultReplay.every((record) => typeof record.data.obfuscation === 'string')).toBe(true);
    expect((await deltas(`/responses/${padded}?stream=true&include_obfuscation=false`)).some((record) => 'obfuscation' in record.data)).toBe(false);
    expect((await deltas(`/responses/${bare}?stream=true`)).every((record) => typeof record.data.obfuscation === 'string')).toBe(true);
    expect((await deltas(`/responses/${bare}?stream=true&include_obfuscation=false`)).some((record) => 'obfuscation' in record.data)).toBe(false);
    await expectParamError(`/responses/${padded}?stream=true&include_obfuscation=maybe`, 'include_obfuscation');
  });
});

describe('GET /responses/{id} include[]', () => {
  it('adds reasoning.encrypted_content on request, the same blob every time', async () => {
    const created = await createJson({ model: 'local-reasoner', input: 'think about it', reasoning: { effort: 'low' } });
    const reasoningOf = async (query: string) => {
      const body = (await (await callGateway(gateway, `/responses/${created.id}${query}`)).json()) as { output: Record<string, unknown>[] };
      return body.output.find((item) => item.type === 'reasoning');
    };
    expect(created.output.find((item) => item.type === 'reasoning')).not.toHaveProperty('encrypted_content');
    expect(await reasoningOf('')).not.toHaveProperty('encrypted_content');
    const first = await reasoningOf('?include[]=reasoning.encrypted_content');
    expect(first?.encrypted_content).toMatch(/^[A-Za-z0-9+/]{40,}={0,2}$/);
    expect((await reasoningOf('?include[]=reasoning.encrypted_content'))?.encrypted_content).toBe(first?.encrypted_content);
  });
});

describe('GET /responses/{id}/input_items', () => {
  it('pages backwards with before and forwards with after, in the chosen order', async () => {
    const created = await createJson({ model: 'local-agent', input: ['one', 'two', 'three', 'four', 'five'].map((text) => ({ role: 'user', content: text })) });
    const list = async (query: string) => {
      const response = await callGateway(gateway, `/responses/${created.id}/input_items${query}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { id: string; content: { text: string }[] }[]; has_more: boolean; first_id: string; last_id: string };
      return { texts: body.data.map((item) => item.content[0]?.text), ids: body.data.map((item) => item.id), has_more: body.has_more };
    };
    const all = await list('?order=asc');
    expect(all.texts).toEqual(['one', 'two', 'three', 'four', 'five']);
    const [, second, third, fourth] = all.ids;
    expect(await list(`?order=asc&before=${fourth}`)).toMatchObject({ texts: ['one', 'two', 'three'], has_more: false });
    expect(await list(`?order=asc&before=${fourth}&limit=2`)).toMatchObject({ texts: ['two', 'three'], has_more: true });
    expect(await list(`?order=asc&after=${second}&before=${fourth}`)).toMatchObject({ texts: ['three'], has_more: false });
    expect(await list(`?before=${third}`)).toMatchObject({ texts: ['five', 'four'], has_more: false });
    await expectParamError(`/responses/${created.id}/input_items?before=msg_nope`, 'before');
    for (const bad of ['', '2.0', '1e1', '%2010']) await expectParamError(`/responses/${created.id}/input_items?limit=${bad}`, 'limit');
  });
});
