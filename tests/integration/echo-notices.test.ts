// The "gateway ignored a field" notices of a turn, from real runs: never one against the local gateway, whatever the
// combination sent; the expected ones against a LiteLLM-like gateway that knows nothing of the extras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunDriver } from '@/lib/run/driver';
import { createFetchTransport } from '@/lib/run/transport';
import { findEchoNotices } from '@/lib/transcript/echo';
import type { JsonObject } from '@/lib/transcript/types';
import { LITELLM_KEY, MOCK_MODEL, startLiteLlmLikeGateway, type LiteLlmLikeGateway } from '../support/litellm-like-gateway';
import { startTestGateway, TEST_API_KEY, type TestGateway } from '../support/local-gateway';

let local: TestGateway;
let litellm: LiteLlmLikeGateway;

beforeAll(async () => {
  [local, litellm] = await Promise.all([startTestGateway(), startLiteLlmLikeGateway({ backgroundMs: 200 })]);
});
afterAll(async () => {
  await Promise.all([local?.close(), litellm?.close()]);
});

/** A run driven as the browser drives it, with the proxy's `/api/responses` paths sent straight to `base` with `key`. */
async function runTurn(base: string, key: string, body: JsonObject) {
  const fetcher: typeof fetch = (input, init) => {
    const path = String(input).replace(/^\/api\/responses/, '/responses');
    return fetch(`${base}${path}`, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${key}` } });
  };
  const driver = new RunDriver({ body, headers: {}, kind: 'create' }, { transport: createFetchTransport(() => fetcher), policy: { pollIntervalMs: 25 } });
  await driver.start();
  const { request, transcript, events, status } = driver.state;
  return { status, notices: findEchoNotices(request, { firstResponse: transcript.firstResponse, response: transcript.response, isStreamed: events.length > 0 }) };
}

describe('against the local gateway', () => {
  const webhook = () => ({ webhook_url: `${local.url}/api/webhooks/cap_echo`, webhook_secret: 'a-webhook-secret-of-16+' });
  const bodies: [string, () => JsonObject][] = [
    ['a plain stream', () => ({ stream: true })],
    ['a JSON reply', () => ({})],
    ['store: false, streamed and not', () => ({ store: false, stream: true })],
    ['store: false as JSON', () => ({ store: false })],
    ['store: true', () => ({ store: true, stream: true })],
    ['background, polled', () => ({ background: true })],
    ['background, streamed', () => ({ background: true, stream: true })],
    ['background with a webhook', () => ({ background: true, ...webhook() })],
    ['auto_routing (a variant runs)', () => ({ auto_routing: true, stream: true })],
    ['auto_routing with tools (another tier)', () => ({ auto_routing: true, tools: ['a', 'b', 'c'].map((name) => ({ type: 'function', name, parameters: { type: 'object', properties: {} } })) })],
    ['auto_routing and auto_routing_debug', () => ({ auto_routing: true, auto_routing_debug: true })],
    ['auto_routing_debug alone', () => ({ auto_routing_debug: true, stream: true })],
    ['everything at once', () => ({ background: true, stream: true, store: true, auto_routing: true, auto_routing_debug: true, ...webhook() })],
  ];
  for (const model of ['local-agent', 'local-reasoner', 'local-fail']) {
    for (const [label, body] of bodies) {
      it(`raises no notice for ${label} on ${model}`, async () => {
        const turn = await runTurn(local.baseURL, TEST_API_KEY, { model, input: `echo check: ${label}`, ...body() });
        expect(turn.status).toBe(model === 'local-fail' ? 'failed' : 'completed');
        expect(turn.notices).toEqual([]);
      });
    }
  }
});

describe('against a LiteLLM-like gateway', () => {
  const base = () => `${litellm.url}/v1`;

  it('says auto_routing and auto_routing_debug were ignored on a stream that ran the model asked for', async () => {
    const turn = await runTurn(base(), LITELLM_KEY, { model: MOCK_MODEL, input: 'route me', stream: true, auto_routing: true, auto_routing_debug: true });
    expect(turn.status).toBe('completed');
    expect(turn.notices.map((notice) => notice.text)).toEqual(['the gateway ignored auto_routing', 'the gateway ignored auto_routing_debug']);
  });

  it('says store: false may have been ignored (no echo), and nothing about a background run it answered queued', async () => {
    const stored = await runTurn(base(), LITELLM_KEY, { model: MOCK_MODEL, input: 'do not keep', store: false });
    expect(stored.notices.map((notice) => [notice.field, notice.kind])).toEqual([['store', 'unconfirmed']]);
    const background = await runTurn(base(), LITELLM_KEY, { model: MOCK_MODEL, input: 'later', background: true, webhook_url: 'https://hooks.example/x' });
    expect(background.status).toBe('completed');
    expect(background.notices).toEqual([]);
  });
});
