// The reducer against the real local gateway, driven in-process: one scenario per item kind and trigger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { createLocalGateway, type LocalGateway } from '@/lib/local-gateway';
import { parseStreamEvents } from '@/lib/sse/parse-events';
import { reduceAll } from '@/lib/transcript/reducer';
import type { StreamEvent } from '@/lib/transcript/types';
import { openTestDatabase } from '../../support/databases';
import { isPrefixOf } from './item-prefix';

const KEY = 'test-key';
const ORIGIN = 'http://127.0.0.1';
const fn = { type: 'function', name: 'get_weather', description: 'Get the weather for a city', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } };
const mcp = { type: 'mcp', server_label: 'deepwiki', server_url: 'https://mcp.example.com/sse' };

const SCENARIOS: Record<string, Record<string, unknown>> = {
  message: { input: 'Hello there' },
  logprobs: { input: 'Say something short', include: ['message.output_text.logprobs'], top_logprobs: 2 },
  reasoning: { model: 'local-reasoner', input: 'Explain why the sky is blue', reasoning: { effort: 'high', summary: 'detailed' } },
  function_call: { input: 'What is the weather in Paris? Use the get_weather tool', tools: [fn] },
  parallel_tools: { input: 'use all tools', tools: [fn, { ...fn, name: 'get_time', description: 'Get the time' }] },
  refusal: { input: 'please refuse' },
  web_search: { input: 'search the web for tide pools', tools: [{ type: 'web_search' }], include: ['web_search_call.action.sources'] },
  file_search: { input: 'search my files for the budget', tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }], include: ['file_search_call.results'] },
  code_interpreter: { input: 'calculate 6 * 7', tools: [{ type: 'code_interpreter', container: { type: 'auto' } }], include: ['code_interpreter_call.outputs'] },
  image_generation: { input: 'draw an image of a cat', tools: [{ type: 'image_generation', partial_images: 2 }] },
  computer: { input: 'take a screenshot', tools: [{ type: 'computer_use_preview', environment: 'browser', display_width: 1024, display_height: 768 }] },
  local_shell: { input: 'run the command `ls`', tools: [{ type: 'local_shell' }] },
  shell: { input: 'run the command `ls`', tools: [{ type: 'shell' }] },
  mcp_approval: { input: 'ask deepwiki about tides', tools: [mcp] },
  mcp_call: { input: 'ask deepwiki about tides', tools: [{ ...mcp, require_approval: 'never' }] },
  custom_tool: { input: 'use the run_sql tool to count users', tools: [{ type: 'custom', name: 'run_sql', description: 'Run a SQL query' }] },
  audio: { input: 'Say hello', modalities: ['text', 'audio'] },
  incomplete: { input: 'Tell me a long story about the sea', max_output_tokens: 16 },
  failed: { input: 'simulate failure' },
};

let handle: DatabaseHandle;
let gateway: LocalGateway;

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  gateway = createLocalGateway({ getDb: async () => handle.db, apiKeys: [KEY], webhookAllow: [], publicOrigin: ORIGIN, tokensPerSecond: 0 });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await handle?.close();
});

async function call(path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } };
  if (body !== undefined) Object.assign(init, { method: 'POST', body: JSON.stringify(body) });
  return gateway.handle(new Request(`${ORIGIN}/api/v1/llm${path}`, init));
}

/** Reads the stream to its end; with `expectDrop`, a network-style error ends it instead, keeping what arrived. */
async function readEvents(response: Response, expectDrop = false): Promise<StreamEvent[]> {
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  let dropped = false;
  try {
    for await (const record of parseStreamEvents(response.body!)) {
      expect(record.kind).toBe('event');
      if (record.kind === 'event') events.push(record.event);
    }
  } catch (error) {
    if (!expectDrop) throw error;
    dropped = true;
  }
  expect(dropped).toBe(expectDrop);
  return events;
}

describe('transcript reducer against the local gateway', () => {
  it.each(Object.entries(SCENARIOS))('%s: stream reduces to the final output; every cut to a prefix', async (_name, scenario) => {
    const events = await readEvents(await call('/responses', { model: 'local-agent', stream: true, ...scenario }));
    const terminal = events.at(-1) as { type: string; response: { id: string; output: unknown[] } };
    expect(terminal.type).toMatch(/^response\.(completed|incomplete|failed)$/);
    const output = terminal.response.output;
    const state = reduceAll(events);
    expect(state.unknown).toEqual([]);
    expect(reduceAll(events.slice(0, -1)).items).toEqual(output);
    expect(state.items).toEqual(output);
    for (let cut = 0; cut < events.length; cut += 1) {
      const { items } = reduceAll(events.slice(0, cut));
      items.forEach((item, at) => expect(item === undefined || isPrefixOf(item, output[at]), `cut ${cut} item ${at}`).toBe(true));
    }
    const stored = (await (await call(`/responses/${terminal.response.id}`)).json()) as Record<string, unknown>;
    // A retrieved JSON reply is one snapshot to the run (lib/run adopts it as a lifecycle event).
    expect(reduceAll([{ type: 'response.completed', response: stored }]).items).toEqual(output);
  }, 30_000);

  it('covers every item kind the agent produces across the scenarios', async () => {
    const kinds = new Set<string>();
    for (const scenario of Object.values(SCENARIOS)) {
      const response = (await (await call('/responses', { model: 'local-agent', ...scenario })).json()) as { output?: { type: string }[] };
      for (const item of response.output ?? []) kinds.add(item.type);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['code_interpreter_call', 'computer_call', 'custom_tool_call', 'file_search_call', 'function_call', 'image_generation_call', 'mcp_approval_request', 'mcp_call', 'mcp_list_tools', 'message', 'reasoning', 'web_search_call']),
    );
  }, 60_000);

  it('a dropped background stream resumed with starting_after loses and duplicates nothing', async () => {
    const first = await readEvents(await call('/responses', { model: 'local-agent', stream: true, background: true, input: 'simulate dropped stream and tell me about tides' }), true);
    const id = (first[0] as unknown as { response: { id: string } }).response.id;
    const cursor = first.at(-1)!.sequence_number!;
    expect(first.at(-1)!.type).not.toMatch(/^response\.(completed|failed|incomplete)$/);
    const replayFromEarlier = await readEvents(await call(`/responses/${id}?stream=true&starting_after=${cursor - 3}`));
    const combined = [...first, ...replayFromEarlier];
    const state = reduceAll(combined);
    const full = await readEvents(await call(`/responses/${id}?stream=true`));
    expect(full.map((event) => event.sequence_number)).toEqual(full.map((_event, at) => at));
    expect(state.status).toBe('completed');
    expect(state.items).toEqual((full.at(-1) as unknown as { response: { output: unknown[] } }).response.output);
    expect(state.appliedCount).toBe(full.length);
  }, 30_000);
});
