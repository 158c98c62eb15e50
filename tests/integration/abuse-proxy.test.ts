// Over a thousand generated invalid bodies against the proxy route in-process: each a 4xx error envelope, none reaches the gateway, nothing polluted, still serving.
import { describe, expect, it, vi } from 'vitest';
import { checkErrorEnvelope, listInvalidBodies, VALID_BASES } from '../support/invalid-bodies';
import { json } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

vi.mock('@/lib/jobs/record', () => ({ recordBackgroundJob: vi.fn(), recordJobStatus: vi.fn() }));
vi.mock('@/lib/chains/record', () => ({ recordSeenResponse: vi.fn() }));
vi.mock('@/lib/history/record', () => ({ recordSentRequest: vi.fn() }));
vi.mock('@/lib/recordings/recorder', () => ({ startRecording: () => null }));

const SERVER_KEY = 'sk-abuse-proxy-server-key-4411';
const { upstream, load } = setUpFakeUpstream({
  settings: { GATEWAY_API_KEY: SERVER_KEY, PROXY_RATE_LIMIT_PER_MINUTE: '1000000' },
  reply: () => json(200, { id: 'resp_ok', object: 'response', status: 'completed', model: 'local-echo', output: [] }),
});

const post = (body: string) => new Request('http://127.0.0.1:4799/api/responses', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('invalid create bodies through the proxy', () => {
  it('answers every one with a 4xx error envelope naming the field, forwards none, pollutes nothing, and still serves', async () => {
    const routes = await load();
    const bodies = listInvalidBodies();
    expect(bodies.length).toBeGreaterThanOrEqual(1000);
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const body of bodies) {
      const reply = await routes.responses.POST(post(body.text));
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const text = await reply.text();
      const envelope = checkErrorEnvelope(text);
      if (reply.status < 400 || reply.status >= 500) problems.push(`${body.name}: status ${reply.status}`);
      else if (!envelope.ok) problems.push(`${body.name}: ${envelope.problem}`);
      else if (body.param !== undefined) {
        const param = (JSON.parse(text) as { error: { param: string | null } }).error.param ?? '';
        if (!param.startsWith(body.param)) problems.push(`${body.name}: param ${param} instead of ${body.param}`);
      }
      if (text.includes(SERVER_KEY)) problems.push(`${body.name}: the reply carries the server key`);
    }
    expect(problems).toEqual([]);
    expect([...statuses.keys()]).toEqual([400]);
    expect(upstream.requests).toHaveLength(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    for (const base of Object.values(VALID_BASES)) {
      const reply = await routes.responses.POST(post(JSON.stringify({ ...base, stream: false })));
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ id: 'resp_ok', status: 'completed' });
    }
    expect(upstream.requests).toHaveLength(Object.keys(VALID_BASES).length);
  });

  it('forwards prototype-looking keys of an otherwise valid body byte for byte without polluting any prototype', async () => {
    const routes = await load();
    upstream.requests.length = 0;
    const text = '{"model":"local-echo","input":"hi","metadata":{"__proto__":{"polluted":"yes"}},"x_extra":{"constructor":{"prototype":{"polluted":"yes"}}}}';
    const reply = await routes.responses.POST(post(text));
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]?.body).toBe(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('refuses bodies past PROXY_BODY_LIMIT_BYTES with 413 and accepts one just under it', async () => {
    const routes = await load({ PROXY_BODY_LIMIT_BYTES: String(64 * 1024) });
    upstream.requests.length = 0;
    const sized = (bytes: number) => {
      const head = '{"model":"local-echo","input":"';
      return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
    };
    const over = await routes.responses.POST(post(sized(64 * 1024 + 1)));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: { code: 'request_too_large', message: expect.stringContaining('PROXY_BODY_LIMIT_BYTES') } });
    expect(upstream.requests).toHaveLength(0);
    const under = await routes.responses.POST(post(sized(64 * 1024)));
    expect(under.status).toBe(200);
    expect(upstream.requests[0]?.body.length).toBe(64 * 1024);
  });
});
