// The gateway probe behind /api/health and /settings: reachable or not, latency, and whether the server key is accepted, under GATEWAY_API_PATH.
import { describe, expect, it } from 'vitest';
import { hang, json, startFakeUpstream } from '../support/fake-upstream';
import { setUpFakeUpstream } from '../support/proxy-harness';

const SERVER_KEY = 'sk-probe-secret-0123456789';
const { upstream, load } = setUpFakeUpstream({ settings: { GATEWAY_API_KEY: SERVER_KEY, GATEWAY_API_PATH: '/v1' } });

async function loadProbe(settings: Record<string, string> = {}) {
  await load(settings);
  const probe = await import('@/lib/gateway/probe');
  probe.resetGatewayProbe();
  return probe;
}

describe('gateway probe', () => {
  it('calls GET {base}{GATEWAY_API_PATH}/models with the server key and reports it accepted, with the latency', async () => {
    const { probeGateway } = await loadProbe();
    upstream.respondWith(json(200, { object: 'list', data: [{ id: 'gpt-x' }] }));
    const probe = await probeGateway();
    expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/models']);
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(probe).toMatchObject({ reachable: true, http_status: 200, key: 'accepted' });
    expect(probe.latency_ms).toEqual(expect.any(Number));
    expect(Date.parse(probe.checked_at)).not.toBeNaN();
  });

  it('says the gateway refused GATEWAY_API_KEY on a 401, 403, or a 400 about the key, never echoing the key', async () => {
    for (const [status, body] of [
      [401, { error: { message: 'Unauthorized' } }],
      [403, 'forbidden'],
      [400, { error: `Invalid API key ${SERVER_KEY}` }],
    ] as const) {
      const { probeGateway } = await loadProbe();
      upstream.respondWith(json(status, body));
      const probe = await probeGateway();
      expect(probe).toMatchObject({ reachable: true, http_status: status, key: 'refused', message: `The gateway refused GATEWAY_API_KEY (HTTP ${status}).` });
      expect(JSON.stringify(probe)).not.toContain(SERVER_KEY);
    }
  });

  it('says a key is missing when the gateway wants one and none is set', async () => {
    const { probeGateway } = await loadProbe({ GATEWAY_API_KEY: '' });
    upstream.respondWith(json(401, { error: 'no key' }));
    expect((await probeGateway()).message).toBe('The gateway wants a key (HTTP 401) and GATEWAY_API_KEY is not set.');
  });

  it('tells a gateway without a model list (404) and a failing one (500) from a refused key', async () => {
    let probe = await loadProbe();
    upstream.respondWith(json(404, { error: 'not found' }));
    expect(await probe.probeGateway()).toMatchObject({ reachable: true, http_status: 404, key: 'not_checked' });
    probe = await loadProbe();
    upstream.respondWith(json(500, 'Traceback (most recent call last):\n  File "x.py"'));
    expect(await probe.probeGateway()).toMatchObject({ reachable: true, http_status: 500, key: 'not_checked', message: expect.stringMatching(/^Reachable, but GET \/models answered HTTP 500 in \d+ ms\.$/) });
  });

  it('reports an unreachable gateway and one that does not answer in time as not reachable', async () => {
    const closed = await startFakeUpstream();
    const closedUrl = closed.url;
    await closed.close();
    let probe = await loadProbe({ GATEWAY_BASE_URL: closedUrl });
    expect(await probe.probeGateway()).toMatchObject({ reachable: false, latency_ms: null, http_status: null, key: 'not_checked', message: expect.stringMatching(/is unreachable/) });
    probe = await loadProbe();
    upstream.respondWith(hang());
    expect(await probe.probeGateway()).toMatchObject({ reachable: false, message: `No answer within ${probe.PROBE_TIMEOUT_MS} ms.` });
  });

  it('probes at most once per cache period, and again after it', async () => {
    const { probeGateway, PROBE_CACHE_MS } = await loadProbe();
    upstream.respondWith(json(200, { object: 'list', data: [] }));
    const now = Date.now();
    const [first, second] = await Promise.all([probeGateway(now), probeGateway(now + 1)]);
    expect(second).toBe(first);
    expect(upstream.requests).toHaveLength(1);
    await probeGateway(now + PROBE_CACHE_MS + 1);
    expect(upstream.requests).toHaveLength(2);
  });
});
