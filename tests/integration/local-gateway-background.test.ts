import { createHmac } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, makeClient, readSse, startTestGateway, startWebhookReceiver, waitForStatus, type TestGateway, type WebhookReceiver } from '../support/local-gateway';

const SECRET = 'whsec-local-gateway-test-secret';
let fast: TestGateway;
let slow: TestGateway;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const webhookAllow = [receiver.url];
  [fast, slow] = await Promise.all([startTestGateway({ webhookAllow }), startTestGateway({ tokensPerSecond: 25, webhookAllow })]);
});
afterAll(async () => {
  await Promise.all([fast?.close(), slow?.close(), receiver?.close()]);
});

const LONG_INPUT = 'Please explain in detail how a background job moves through its states, step by step.';

describe('webhooks', () => {
  it('posts signed thin events for queued, in_progress and completed', async () => {
    const created = await makeClient(fast).responses.create({ model: 'local-agent', input: 'hello', background: true, webhook_url: receiver.url, webhook_secret: SECRET } as OpenAI.Responses.ResponseCreateParamsNonStreaming);
    const deliveries = await receiver.waitFor((all) => all.filter((entry) => entry.body.data.id === created.id).length >= 3);
    const mine = deliveries.filter((entry) => entry.body.data.id === created.id);
    expect(mine.map((entry) => entry.body.type)).toEqual(['response.queued', 'response.in_progress', 'response.completed']);
    for (const delivery of mine) {
      expect(Object.keys(delivery.body).sort()).toEqual(['created_at', 'data', 'id', 'object', 'type']);
      expect(delivery.body).toMatchObject({ object: 'event', id: expect.stringMatching(/^evt_/), data: { id: created.id, status: delivery.body.type.slice('response.'.length) } });
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-webhook-id']).toBe(delivery.body.id);
      expect(delivery.headers['x-webhook-timestamp']).toMatch(/^\d+$/);
      const expected = createHmac('sha256', SECRET).update(delivery.rawBody).digest('hex');
      expect(delivery.headers['x-webhook-signature']).toBe(`sha256=${expected}`);
    }
  });

  it('retries a failed delivery with the same id and body, and sends no signature without a secret', async () => {
    receiver.failNext(1, 500);
    const created = await makeClient(fast).responses.create({ model: 'local-agent', input: 'hello again', background: true, webhook_url: receiver.url } as OpenAI.Responses.ResponseCreateParamsNonStreaming);
    const deliveries = await receiver.waitFor((all) => all.filter((entry) => entry.body.data.id === created.id && entry.body.type === 'response.completed').length >= 1);
    const queued = deliveries.filter((entry) => entry.body.data.id === created.id && entry.body.type === 'response.queued');
    expect(queued.map((entry) => entry.answeredStatus)).toEqual([500, 200]);
    expect(queued[1]?.headers['x-webhook-id']).toBe(queued[0]?.headers['x-webhook-id']);
    expect(queued[1]?.rawBody).toBe(queued[0]?.rawBody);
    expect(queued[0]?.headers['x-webhook-signature']).toBeUndefined();
  });
});

describe('background lifecycle', () => {
  it('cancels a running job (idempotently) and sends no cancelled webhook', async () => {
    const client = makeClient(slow);
    const created = await client.responses.create({ model: 'local-agent', input: LONG_INPUT, background: true, webhook_url: receiver.url } as OpenAI.Responses.ResponseCreateParamsNonStreaming);
    expect(created.status).toBe('queued');
    await waitForStatus(client, created.id, (status) => status === 'in_progress');
    const cancelled = await client.responses.cancel(created.id);
    expect(cancelled.status).toBe('cancelled');
    expect((await client.responses.cancel(created.id)).status).toBe('cancelled');
    expect((await client.responses.retrieve(created.id)).status).toBe('cancelled');
    await receiver.waitFor((all) => all.some((entry) => entry.body.data.id === created.id && entry.body.type === 'response.in_progress'));
    // No event says the last webhook was sent: a cancelled one would have come within this time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const types = receiver.deliveries.filter((entry) => entry.body.data.id === created.id).map((entry) => entry.body.type);
    expect(types).not.toContain('response.cancelled');
  });

  it('resumes a live background stream after a disconnect and follows it to the end', async () => {
    const abort = new AbortController();
    const response = await fetch(`${slow.baseURL}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(makeClient(slow)).apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'local-agent', input: LONG_INPUT, background: true, stream: true }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('response.in_progress')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const id = /"id":"(resp_[a-f0-9]+)"/.exec(text)?.[1] ?? '';
    const resumed = await callGateway(slow, `/responses/${id}?stream=true&starting_after=1`);
    const { records } = await readSse(resumed);
    expect(records[0]?.data.sequence_number).toBe(2);
    expect(records.map((record) => record.data.sequence_number)).toEqual(records.map((_record, index) => index + 2));
    expect(records.at(-1)?.event).toBe('response.completed');
    expect((await makeClient(slow).responses.retrieve(id)).status).toBe('completed');
  });

  it('stops a foreground stream when its client disconnects and keeps the text that was sent', async () => {
    const abort = new AbortController();
    const response = await fetch(`${slow.baseURL}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${makeClient(slow).apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'local-agent', input: LONG_INPUT, stream: true }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let raw = '';
    while ((raw.match(/response\.output_text\.delta/g) ?? []).length < 12) raw += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const id = /"id":"(resp_[a-f0-9]+)"/.exec(raw)?.[1] ?? '';
    const received = [...raw.matchAll(/"type":"response\.output_text\.delta".*?"delta":("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]!) as string).join('');
    expect(received.length).toBeGreaterThan(0);
    const stopped = await waitForStatus(makeClient(slow), id, (status) => status !== 'in_progress');
    expect(stopped.status).toBe('incomplete');
    expect(stopped.incomplete_details).toEqual({ reason: 'client_disconnected' });
    expect(stopped.error).toBeNull();
    expect(stopped.output_text.startsWith(received)).toBe(true);
    expect(statuses(stopped)).not.toContain('in_progress');
    expect(messageStatus(stopped)).toBe('incomplete');
  });

  it('a cancelled background stream keeps its partial output; polls show it growing; a re-stream just ends', async () => {
    const client = makeClient(slow);
    // Only the head of the stream is read (for the id); the run goes on in the background.
    const reader = (await callGateway(slow, '/responses', { body: { model: 'local-agent', input: LONG_INPUT, background: true, stream: true } })).body!.getReader();
    const id = /"id":"(resp_[a-f0-9]+)"/.exec(new TextDecoder().decode((await reader.read()).value))?.[1] ?? '';
    await reader.cancel();
    const polled = await waitForStatus(client, id, (status) => status !== 'queued');
    expect(polled.status).toBe('in_progress');
    const partial = await waitForText(client, id, 40);
    expect(partial.status).toBe('in_progress');
    expect(messageStatus(partial)).toBe('in_progress');
    const cancelled = await client.responses.cancel(id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.output_text.startsWith(partial.output_text)).toBe(true);
    expect(statuses(cancelled)).not.toContain('in_progress');
    expect(messageStatus(cancelled)).toBe('incomplete');
    const stored = await client.responses.retrieve(id);
    expect(stored.output_text).toBe(cancelled.output_text);

    const { records } = await readSse(await callGateway(slow, `/responses/${id}?stream=true&include_obfuscation=false`));
    expect(records.map((record) => record.event)).not.toEqual(expect.arrayContaining(['response.completed']));
    expect(['response.failed', 'response.incomplete', 'response.cancelled']).not.toContain(records.at(-1)?.event);
    const streamed = records.filter((record) => record.event === 'response.output_text.delta').map((record) => record.data.delta as string).join('');
    expect(streamed).toBe(stored.output_text);
  });

  it('keeps a background job running when its stream drops', async () => {
    const response = await callGateway(fast, '/responses', { body: { model: 'local-drop', input: 'tell me a story', background: true, stream: true } });
    const text = await readUntilDropped(response);
    expect(text).not.toContain('response.completed');
    expect(text).toContain('response.output_text.delta');
    expect(text.endsWith('<dropped>')).toBe(true);
    const id = /"id":"(resp_[a-f0-9]+)"/.exec(text)?.[1] ?? '';
    expect(id).not.toBe('');
    const done = await waitForStatus(makeClient(fast), id, (status) => status === 'completed');
    expect(done.output_text.length).toBeGreaterThan(0);
  });
});

const statuses = (response: OpenAI.Responses.Response) => response.output.map((item) => (item as { status?: string }).status);
const messageStatus = (response: OpenAI.Responses.Response) => (response.output.find((item) => item.type === 'message') as { status?: string } | undefined)?.status;

/** Polls until the running response shows at least `length` characters of output text. */
async function waitForText(client: OpenAI, id: string, length: number, timeoutMs = 20_000): Promise<OpenAI.Responses.Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.responses.retrieve(id);
    if (response.output_text.length >= length || response.status !== 'in_progress') return response;
    if (Date.now() > deadline) throw new Error(`response ${id} has only ${response.output_text.length} characters`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads a body chunk by chunk, keeping what arrived before the connection broke. */
async function readUntilDropped(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return `${text}<eof>`;
      text += decoder.decode(value);
    }
  } catch {
    return `${text}<dropped>`;
  }
}

describe('restart', () => {
  it('keeps stored responses and replayable events, and fails jobs interrupted by the restart', async () => {
    const first = await startTestGateway({ tokensPerSecond: 20 });
    const client = makeClient(first);
    const stored = await client.responses.create({ model: 'local-agent', input: 'remember me' });
    const streamed = await callGateway(first, '/responses', { body: { model: 'local-agent', input: 'hi', background: true, stream: true } });
    const streamedId = /"id":"(resp_[a-f0-9]+)"/.exec(await streamed.text())?.[1] ?? '';
    const running = await client.responses.create({ model: 'local-agent', input: LONG_INPUT, background: true });
    await first.close();

    const second = await startTestGateway({ pgliteDir: first.pgliteDir });
    try {
      const again = makeClient(second);
      expect((await again.responses.retrieve(stored.id)).output_text).toBe(stored.output_text);
      const interrupted = await again.responses.retrieve(running.id);
      expect(interrupted.status).toBe('failed');
      expect(interrupted.error).toEqual({ code: 'server_error', message: expect.stringContaining('interrupted by a restart') });
      const replay = await readSse(await callGateway(second, `/responses/${streamedId}?stream=true`));
      expect(replay.records[0]?.event).toBe('response.created');
      expect(replay.records.at(-1)?.event).toBe('response.completed');
    } finally {
      await second.close();
    }
  });
});
