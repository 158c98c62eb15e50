// Text PostgreSQL cannot hold (NUL, lone surrogates) in every field: 300 generated bodies through the proxy and the local gateway, no 5xx, all read back equal.
import { describe, expect, it } from 'vitest';
import { listSeenResponses } from '@/lib/chains/index-store';
import { searchHistory } from '@/lib/history/store';
import { getJob } from '@/lib/jobs/store';
import { DATABASE_KINDS, makePostgresDatabase } from '../support/databases';
import { routeParams } from '../support/fake-upstream';
import { callGateway, readSse, startTestGateway, TEST_API_KEY } from '../support/local-gateway';
import { setUpProxiedGateway } from '../support/proxy-harness';

const BODIES = 300;
/** 300 bodies, each created, retrieved and listed, on a loaded machine: minutes, not the default minute. */
const FUZZ_TIMEOUT_MS = 600_000;
const UNSTORABLE = ['\u0000', '\ud800', '\udfff', '\ud83d', '\udc00'];
const NEIGHBOURS = ['a', 'text ', 'é', '\ud83d\ude00', '\uE000', '\uE0000', '\\u0000', '"', '\n', '0'];

/** A deterministic generator, so a failure names a body that can be rebuilt. */
function makeRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  const pick = <T>(list: readonly T[]): T => list[next() % list.length] as T;
  /** At most 12 pieces of at most 5 UTF-16 units (metadata keys allow 64), at least one of them unstorable. */
  const text = (): string => {
    const pieces = Array.from({ length: 1 + (next() % 10) }, () => (next() % 3 === 0 ? pick(UNSTORABLE) : pick(NEIGHBOURS)));
    pieces.splice(next() % (pieces.length + 1), 0, pick(UNSTORABLE));
    return pieces.join('');
  };
  return { next, pick, text };
}

function makeInput(random: ReturnType<typeof makeRandom>): unknown {
  if (random.next() % 3 === 0) return random.text();
  const items: unknown[] = [];
  for (let count = 1 + (random.next() % 3); count > 0; count -= 1) {
    const kind = random.next() % 4;
    if (kind === 0) items.push({ role: random.pick(['user', 'system', 'developer']), content: random.text() });
    else if (kind === 1) items.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: random.text() }, { type: 'input_text', text: random.text() }] });
    else if (kind === 2) items.push({ role: 'assistant', content: random.text() });
    else {
      const callId = `call_${random.next()}`;
      items.push({ type: 'function_call', call_id: callId, name: 'lookup', arguments: JSON.stringify({ q: random.text() }) });
      items.push({ type: 'function_call_output', call_id: callId, output: random.text() });
    }
  }
  items.push({ role: 'user', content: random.text() });
  return items;
}

function makeBody(seed: number): Record<string, unknown> {
  const random = makeRandom(seed);
  const metadata: Record<string, string> = {};
  for (let pairs = 1 + (random.next() % 4); pairs > 0; pairs -= 1) metadata[random.text()] = random.text();
  const mode = random.next() % 5;
  return {
    model: 'local-echo',
    input: makeInput(random),
    instructions: random.text(),
    metadata,
    user: random.text(),
    prompt_cache_key: random.text(),
    safety_identifier: random.text(),
    ...(mode === 1 || mode === 3 ? { stream: true } : {}),
    ...(mode >= 2 ? { background: true } : { conversation: `conv_fuzz_${seed % 7}` }),
  };
}

/** Every string of a value, keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => [key, ...strings(entry)]);
  return [];
}

/** The texts a user typed into the input (what input_items must give back). */
function inputTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  return (input as Array<Record<string, unknown>>).flatMap((item) => {
    if (typeof item.content === 'string') return [item.content];
    if (Array.isArray(item.content)) return (item.content as Array<{ text: string }>).map((part) => part.text);
    return [typeof item.output === 'string' ? item.output : String(item.arguments)];
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASE_KINDS)('text PostgreSQL cannot hold, on %s', (kind) => {
  const sent = new Map<string, Record<string, unknown>>();
  const { gateway, routes } = setUpProxiedGateway({
    start: async () => startTestGateway({ ...(kind === 'postgres' ? { databaseUrl: await makePostgresDatabase() } : {}), tokensPerSecond: 0 }),
    settings: { GATEWAY_API_KEY: TEST_API_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '100000' },
    database: kind,
  });

  it(`answers ${BODIES} generated bodies through POST /api/responses without a 5xx, and the gateway stores them whole`, async () => {
    for (let seed = 1; seed <= BODIES; seed += 1) {
      const body = makeBody(seed);
      const request = new Request('http://127.0.0.1/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const reply = await routes.responses.POST(request);
      expect({ seed, status: reply.status }).toEqual({ seed, status: 200 });
      let created: Record<string, unknown>;
      if (body.stream) {
        const { records } = await readSse(reply);
        expect(records.map((record) => record.event)).not.toContain('error');
        created = records[0]?.data.response as Record<string, unknown>;
      } else created = (await reply.json()) as Record<string, unknown>;
      expect(created).toMatchObject({ instructions: body.instructions, metadata: body.metadata, user: body.user, prompt_cache_key: body.prompt_cache_key });
      sent.set(String(created.id), body);

      const id = String(created.id);
      const stored = await routes.responseById.GET(new Request(`http://127.0.0.1/api/responses/${id}`), routeParams(id));
      expect({ seed, status: stored.status }).toEqual({ seed, status: 200 });
      expect(await stored.json()).toMatchObject({ id, instructions: body.instructions, metadata: body.metadata, safety_identifier: body.safety_identifier });
      const items = await routes.inputItems.GET(new Request(`http://127.0.0.1/api/responses/${id}/input_items?limit=100&order=asc`), routeParams(id));
      expect({ seed, status: items.status }).toEqual({ seed, status: 200 });
      const received = new Set(strings(await items.json()));
      expect(inputTexts(body.input).filter((text) => !received.has(text))).toEqual([]);
    }
  }, FUZZ_TIMEOUT_MS);

  it('keeps every body in the history, every id in the chain index and every background job, read back equal', async () => {
    const { getDb } = await import('@/lib/db');
    const db = await getDb();
    const history = await waitFor(() => searchHistory(db, '', BODIES * 2), (entries) => entries.length >= BODIES, 'the history', 120_000);
    expect(history).toHaveLength(BODIES);
    for (const entry of history) expect(entry.body).toEqual(sent.get(String(entry.responseId)));
    const seen = await waitFor(() => listSeenResponses(db), (entries) => entries.length >= BODIES, 'the chain index');
    expect(new Set(seen.map((entry) => entry.id))).toEqual(new Set(sent.keys()));
    const background = [...sent].filter(([, body]) => body.background);
    for (const [id] of background) expect((await getJob(db, id))?.responseId).toBe(id);
    // A search for text holding NUL finds the bodies that hold it.
    const needle = inputTexts(history[0]!.body.input)[0]!;
    expect((await searchHistory(db, needle)).map((entry) => entry.responseId)).toContain(history[0]!.responseId);
  }, FUZZ_TIMEOUT_MS);

  it('answers the same bodies sent straight to POST /api/v1/llm/responses, and stores them whole', async () => {
    for (let seed = 1; seed <= BODIES; seed += 3) {
      const body: Record<string, unknown> = { ...makeBody(seed), stream: false };
      const reply = await callGateway(gateway, '/responses', { body: JSON.stringify(body) });
      expect({ seed, status: reply.status }).toEqual({ seed, status: 200 });
      const created = (await reply.json()) as { id: string };
      expect(created).toMatchObject({ instructions: body.instructions, metadata: body.metadata });
      const stored = await callGateway(gateway, `/responses/${created.id}`);
      expect(await stored.json()).toMatchObject({ instructions: body.instructions, metadata: body.metadata, user: body.user });
    }
  }, FUZZ_TIMEOUT_MS);
});
