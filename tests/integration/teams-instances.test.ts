// Two production servers on one PostgreSQL behind a round-robin balancer behave as one playground: a sign-in through
// the balancer is valid on both; a background job created through one has its webhooks received by the other and its
// status current on both; a delivery received by one is pushed live to a page of the other (LISTEN/NOTIFY, SSE); the
// leader killed mid-job hands the job refresher to the other within 10 s; nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app-process';
import { makePostgresDatabase } from '../support/databases';
import { startTestGateway, type TestGateway } from '../support/local-gateway';
import { send, signInThroughProvider, type CookieJar } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { findFreePort } from '../support/ports';
import { startRoundRobin, type RoundRobin } from '../support/round-robin';
import { assertBuilt, oidcSettings } from '../support/team-app';

const GATEWAY_KEY = 'sk-instances-test-gateway-key';
const LEADER_MOVE_LIMIT_MS = 10_000;

let databaseUrl: string;
let gateway: TestGateway;
let provider: TestProvider;
let balancer: RoundRobin;
const ports: number[] = [];
const running = new Map<number, RunningApp>();
let jar: CookieJar;

const urlOf = (port: number) => `http://127.0.0.1:${port}`;

async function startInstance(port: number): Promise<RunningApp> {
  const app = await startApp(port, {
    NEXT_DIST_DIR: assertBuilt(),
    DATABASE_URL: databaseUrl,
    PLAYGROUND_PUBLIC_URL: balancer.url,
    GATEWAY_BASE_URL: gateway.url,
    GATEWAY_API_KEY: GATEWAY_KEY,
    PLAYGROUND_ADMINS: 'bo@team.example',
    ...oidcSettings(provider),
  });
  running.set(port, app);
  return app;
}

beforeAll(async () => {
  databaseUrl = await makePostgresDatabase();
  ports.push(await findFreePort(), await findFreePort());
  balancer = await startRoundRobin(ports.map(urlOf));
  // The gateway's webhooks go straight to an instance (or through the balancer): both are this playground's.
  gateway = await startTestGateway({ apiKeys: [GATEWAY_KEY], tokensPerSecond: 60, publicOrigin: balancer.url, webhookAllow: ports.map(urlOf) });
  provider = await startTestProvider({ redirectUris: [`${balancer.url}/api/auth/callback/oidc`] });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo' });
  // One after the other: the first applies the migrations and takes the lead.
  for (const port of ports) await startInstance(port);
  jar = (await signInThroughProvider(balancer.url, 'bo')).jar;
}, 300_000);

afterAll(async () => {
  for (const app of running.values()) await app.stop();
  await balancer?.close();
  await provider?.stop();
  await gateway?.close();
});

async function getJson<T>(url: string): Promise<T> {
  const reply = await send(jar, url);
  if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  return JSON.parse(reply.text) as T;
}

async function waitFor<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && isDone(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 500)}`);
}

interface Health {
  instance: { id: string; is_leader: boolean };
}

interface JobDetail {
  job: { id: string; status: string };
  history: Array<{ status: string; source: string; at: string }>;
  deliveries: Array<{ signature_valid: boolean; reported_status: string | null; capture_id: string }>;
}

/** Reads an instance's /api/events until an event of `type` whose data satisfies `match` arrives. */
async function nextLiveEvent(url: string, type: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const reply = await fetch(`${url}/api/events`, { headers: { Cookie: jar.header(url) }, signal: abort.signal });
    expect(reply.headers.get('content-type')).toContain('text/event-stream');
    const reader = reply.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === type && data) {
          const parsed = JSON.parse(data) as Record<string, unknown>;
          if (match(parsed)) return parsed;
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

describe('several instances on one PostgreSQL', () => {
  it('treat a sign-in through the balancer as valid on each instance', async () => {
    for (const port of ports) {
      const session = await getJson<{ authenticated: boolean; user: { email: string } }>(`${urlOf(port)}/api/session`);
      expect(session).toMatchObject({ authenticated: true, user: { email: 'bo@team.example' } });
    }
  });

  it('run the job refresher on exactly one, move it within 10 s when that one dies mid-job, and lose nothing', async () => {
    const leaders = await waitFor(
      'one leader',
      async () => Promise.all(ports.map(async (port) => (await getJson<Health>(`${urlOf(port)}/api/health`)).instance.is_leader)),
      (flags) => flags.filter(Boolean).length === 1,
    );
    const leaderPort = ports[leaders.indexOf(true)] ?? 0;
    const followerPort = ports.find((port) => port !== leaderPort) ?? 0;
    const leader = urlOf(leaderPort);
    const follower = urlOf(followerPort);

    // A capture on the follower's side: the job is created through the leader, its webhooks go to the follower.
    const capture = JSON.parse((await send(jar, `${follower}/api/webhooks`, { method: 'POST', headers: { Origin: follower } })).text) as { id: string; secret: string };
    const created = await fetch(`${leader}/api/responses`, {
      method: 'POST',
      headers: { Origin: leader, 'Content-Type': 'application/json', Cookie: jar.header(leader) },
      body: JSON.stringify({ model: 'local-echo', input: 'stream 600 words', background: true, webhook_url: `${follower}/api/webhooks/${capture.id}`, webhook_secret: capture.secret }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };

    // Current on both while it runs.
    const duringRun = await waitFor('in_progress on both', () => Promise.all([leader, follower].map((url) => getJson<JobDetail>(`${url}/api/jobs/${id}`))), (details) =>
      details.every((detail) => detail.job.status === 'in_progress'),
    );
    expect(duringRun[0]?.history.map((entry) => entry.source)).toContain('create');
    const deliveredBefore = await waitFor('the first deliveries at the follower', () => getJson<JobDetail>(`${follower}/api/jobs/${id}`), (detail) => detail.deliveries.length >= 1);
    expect(deliveredBefore.deliveries.every((delivery) => delivery.signature_valid && delivery.capture_id === capture.id)).toBe(true);

    const killedAt = Date.now();
    await runningApp(leaderPort).crash();
    balancer.setTargets([follower]);
    const moved = await waitFor('the follower to lead', () => getJson<Health>(`${follower}/api/health`), (health) => health.instance.is_leader, LEADER_MOVE_LIMIT_MS + 5_000);
    const movedAfterMs = Date.now() - killedAt;
    expect(moved.instance.is_leader).toBe(true);
    expect(movedAfterMs).toBeLessThan(LEADER_MOVE_LIMIT_MS);

    // The new leader's refresher polls the job at once (the audit log names it), without waiting for the dead leader's lease.
    const polls = await waitFor(
      'a poll by the new leader',
      async () => (await getJson<{ data: Array<{ actor: string; at: string; path: string }> }>(`${follower}/api/admin/audit?actor=job-refresher&response_id=${encodeURIComponent(id)}`)).data,
      (entries) => entries.some((entry) => Date.parse(entry.at) >= killedAt),
      LEADER_MOVE_LIMIT_MS + 5_000,
    );
    const firstPoll = Math.min(...polls.filter((entry) => Date.parse(entry.at) >= killedAt).map((entry) => Date.parse(entry.at)));
    expect(firstPoll - killedAt).toBeLessThan(LEADER_MOVE_LIMIT_MS);

    // The killed instance comes back as a follower; a page it serves hears the follower's deliveries live.
    await startInstance(leaderPort);
    balancer.setTargets(ports.map(urlOf));
    const live = nextLiveEvent(leader, 'webhook.delivery', (data) => data.capture_id === capture.id && data.response_id === id);
    const done = await waitFor('completed on the new leader', () => getJson<JobDetail>(`${follower}/api/jobs/${id}`), (detail) => detail.job.status === 'completed', 90_000);
    await expect(live).resolves.toMatchObject({ type: 'webhook.delivery', capture_id: capture.id, response_id: id });
    expect((await getJson<Health>(`${leader}/api/health`)).instance.is_leader).toBe(false);

    // Current on both, and nothing lost: the create recorded before the crash, every delivery, the final status.
    const final = await waitFor('completed, with its completed delivery, on both', () => Promise.all([leader, follower].map((url) => getJson<JobDetail>(`${url}/api/jobs/${id}`))), (details) =>
      details.every((detail) => detail.job.status === 'completed' && detail.deliveries.some((delivery) => delivery.reported_status === 'completed')),
    );
    for (const detail of final) {
      expect(detail.history[0]).toMatchObject({ status: 'queued', source: 'create' });
      expect(detail.history.at(-1)?.status).toBe('completed');
      expect(detail.deliveries.length).toBeGreaterThanOrEqual(done.deliveries.length);
      expect(detail.deliveries.every((delivery) => delivery.signature_valid)).toBe(true);
    }
    const history = await getJson<{ data: Array<{ response_id: string; status: string }> }>(`${follower}/api/history?q=${encodeURIComponent(id)}`);
    expect(history.data.find((entry) => entry.response_id === id)?.status).toBe('completed');
  });
});

function runningApp(port: number): RunningApp {
  const app = running.get(port);
  if (!app) throw new Error(`no instance on ${port}`);
  return app;
}
