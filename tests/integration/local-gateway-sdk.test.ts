import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient, startTestGateway, waitForStatus, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  gateway = await startTestGateway();
  client = makeClient(gateway);
});
afterAll(async () => {
  await gateway?.close();
});

describe('local gateway with the official openai client', () => {
  it('creates a response as one JSON object with every required field', async () => {
    const response = await client.responses.create({ model: 'local-agent', input: 'Say hello to the playground.', metadata: { case: 'json' } });
    expect(response.id).toMatch(/^resp_/);
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.completed_at).toEqual(expect.any(Number));
    expect(response.error).toBeNull();
    expect(response.incomplete_details).toBeNull();
    expect(response.metadata).toEqual({ case: 'json' });
    expect(response).toMatchObject({ background: false, store: true, parallel_tool_calls: true, max_tool_calls: 64, truncation: 'auto', tool_choice: 'auto', tools: [] });
    expect(response.text).toEqual({ format: { type: 'text' }, verbosity: 'medium' });
    expect(response.output_text.length).toBeGreaterThan(0);
    expect(response.usage?.total_tokens).toBe((response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0));
  });

  it('streams with numbered events and ends with response.completed', async () => {
    const stream = await client.responses.create({ model: 'local-agent', input: 'Stream a short greeting.', stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events[0]?.type).toBe('response.created');
    expect(events[1]?.type).toBe('response.in_progress');
    expect(events.at(-1)?.type).toBe('response.completed');
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, index) => index));
    const deltas = events.filter((event) => event.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThan(0);
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    expect(deltas.map((event) => (event as OpenAI.Responses.ResponseTextDeltaEvent).delta).join('')).toBe(completed.response.output_text ?? completed.response.output.flatMap((item) => (item.type === 'message' ? item.content : [])).map((part) => (part.type === 'output_text' ? part.text : '')).join(''));
  });

  it('feeds the responses.stream() helper to a final response', async () => {
    const runner = client.responses.stream({ model: 'local-agent', input: 'Tell me something short.' });
    const texts: string[] = [];
    runner.on('response.output_text.delta', (event) => texts.push(event.delta));
    const final = await runner.finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output_text).toBe(texts.join(''));
  });

  it('retrieves, lists input items and deletes a stored response', async () => {
    const created = await client.responses.create({ model: 'local-agent', input: [
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
      { role: 'user', content: 'third' },
    ] });
    const retrieved = await client.responses.retrieve(created.id, { include: ['message.output_text.logprobs'] });
    expect(retrieved.id).toBe(created.id);
    expect(retrieved.output_text).toBe(created.output_text);

    const page = await client.responses.inputItems.list(created.id, { limit: 2, order: 'asc' });
    expect(page.data.map((item) => (item.type === 'message' ? item.content[0] : null))).toMatchObject([{ text: 'first' }, { text: 'second' }]);
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const item of client.responses.inputItems.list(created.id, { limit: 1 })) all.push(item.id);
    expect(all).toHaveLength(3);

    await client.responses.delete(created.id);
    await expect(client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('runs a background response to completion and cancels idempotently', async () => {
    const created = await client.responses.create({ model: 'local-agent', input: 'Background hello.', background: true });
    expect(created.status).toBe('queued');
    const done = await waitForStatus(client, created.id, (status) => status === 'completed');
    expect(done.output_text.length).toBeGreaterThan(0);
    const cancelled = await client.responses.cancel(created.id);
    expect(cancelled.status).toBe('completed');
  });

  it('resumes a background stream after a sequence number', async () => {
    const stream = await client.responses.create({ model: 'local-agent', input: 'Background stream.', background: true, stream: true });
    const first: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) first.push(event);
    expect(first.slice(0, 3).map((event) => event.type)).toEqual(['response.created', 'response.queued', 'response.in_progress']);
    const id = (first[0] as OpenAI.Responses.ResponseCreatedEvent).response.id;
    const resumed = await client.responses.retrieve(id, { stream: true, starting_after: 2 });
    const rest: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of resumed) rest.push(event);
    expect(rest.map((event) => event.sequence_number)).toEqual(first.slice(3).map((event) => event.sequence_number));
    expect(rest.at(-1)?.type).toBe('response.completed');

    const helper = client.responses.stream({ response_id: id, starting_after: 5 });
    const seen: number[] = [];
    helper.on('event', (event) => seen.push(event.sequence_number));
    const final = await helper.finalResponse();
    expect(final.status).toBe('completed');
    expect(seen[0]).toBe(6);
  });

  it('maps errors to the SDK classes', async () => {
    const bad = await client.responses.create({ model: 'local-agent', input: 'x', temperature: 5 }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect((bad as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('temperature');

    const unknownModel = await client.responses.create({ model: 'gpt-nope', input: 'x' }).catch((error: unknown) => error);
    expect(unknownModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect((unknownModel as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('model_not_found');

    const unauthorized = await makeClient(gateway, { apiKey: 'sk-wrong' }).responses.create({ model: 'local-agent', input: 'x' }).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);

    await expect(client.responses.retrieve('resp_missing')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('sends an x-request-id the SDK surfaces on results, streams, deletes and errors', async () => {
    const requestId = /^req_[0-9a-f]{32}$/;
    const created = await client.responses.create({ model: 'local-agent', input: 'ids please' });
    expect(created._request_id).toMatch(requestId);
    const retrieved = await client.responses.retrieve(created.id).withResponse();
    expect(retrieved.request_id).toMatch(requestId);
    expect(retrieved.request_id).not.toBe(created._request_id);
    const streamed = await client.responses.create({ model: 'local-agent', input: 'stream ids', stream: true }).withResponse();
    expect(streamed.request_id).toMatch(requestId);
    for await (const event of streamed.data) expect(event.type).toBeTruthy();
    expect((await client.responses.inputItems.list(created.id).withResponse()).request_id).toMatch(requestId);
    expect((await client.responses.delete(created.id).withResponse()).request_id).toMatch(requestId);
    const missing = await client.responses.retrieve('resp_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).requestID).toMatch(requestId);
    const unauthorized = await makeClient(gateway, { apiKey: 'sk-wrong' }).models.list().catch((error: unknown) => error);
    expect((unauthorized as InstanceType<typeof OpenAI.AuthenticationError>).requestID).toMatch(requestId);
  });
});
