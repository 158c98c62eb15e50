// ON_BEHALF_OF_POLICY in running apps signed in through a real OpenID provider: free passes the browser's value, self
// sends the signed-in user's identity whatever the browser says, claim allows only the values of an ID-token claim (403
// naming the header otherwise), on the proxy, the jobs API and the chains API alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app-process';
import { json, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { send, signInThroughProvider, type CookieJar } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { reserveAppUrl, startTeamApp } from '../support/team-app';

const POLICIES = ['free', 'self', 'claim'] as const;
type Policy = (typeof POLICIES)[number];

let provider: TestProvider;
let upstream: FakeUpstream;
const apps = new Map<Policy, { app: RunningApp; url: string; jar: CookieJar }>();

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.respondWith(json(200, { id: 'resp_policy', object: 'response', status: 'completed', model: 'm', background: false }));
  const reserved = await Promise.all(POLICIES.map(() => reserveAppUrl()));
  provider = await startTestProvider({ redirectUris: reserved.map((entry) => entry.redirectUri) });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo', on_behalf_of: ['acme-1', 'acme-2'] });
  provider.addAccount('cy', { email: 'cy@team.example', email_verified: true, name: 'Cy' });
  // One after the other: three production servers starting at once would crowd the machine.
  for (const [index, policy] of POLICIES.entries()) {
    const { port, url } = reserved[index] ?? (await reserveAppUrl());
    const app = await startTeamApp(port, provider, { ON_BEHALF_OF_POLICY: policy, GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-remote-policy-test-key', PLAYGROUND_ADMINS: 'bo@team.example' });
    apps.set(policy, { app, url, jar: (await signInThroughProvider(url, 'bo')).jar });
  }
}, 300_000);

afterAll(async () => {
  for (const { app } of apps.values()) await app.stop();
  await provider?.stop();
  await upstream?.close();
});

function target(policy: Policy) {
  const entry = apps.get(policy);
  if (!entry) throw new Error(`no app for ${policy}`);
  return entry;
}

/** Sends a create through the proxy of the app running `policy`; returns the reply and the header the gateway received (or null: not called). */
async function create(policy: Policy, onBehalfOf: string | null, jar = target(policy).jar) {
  const { url } = target(policy);
  const before = upstream.requests.length;
  const headers: Record<string, string> = { Origin: url, 'Content-Type': 'application/json', Cookie: jar.header(url) };
  if (onBehalfOf !== null) headers['X-On-Behalf-Of'] = onBehalfOf;
  const reply = await fetch(`${url}/api/responses`, { method: 'POST', headers, body: JSON.stringify({ model: 'm', input: 'hi' }) });
  const sent = upstream.requests.slice(before).find((request) => request.path.endsWith('/responses'));
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown>, sentHeader: sent ? (sent.headers['x-on-behalf-of'] ?? '') : null };
}

describe('ON_BEHALF_OF_POLICY', () => {
  it('free: the gateway gets whatever the browser sends (or none)', async () => {
    expect(await create('free', 'alice')).toMatchObject({ status: 200, sentHeader: 'alice' });
    expect(await create('free', null)).toMatchObject({ status: 200, sentHeader: '' });
    const session = JSON.parse((await send(target('free').jar, `${target('free').url}/api/session`)).text);
    expect(session.on_behalf_of).toEqual({ policy: 'free', value: null, allowed: null, claim: null });
  });

  it('self: the gateway gets the signed-in user whatever the browser sends, and the form is told so', async () => {
    expect(await create('self', 'mallory')).toMatchObject({ status: 200, sentHeader: 'bo@team.example' });
    expect(await create('self', null)).toMatchObject({ status: 200, sentHeader: 'bo@team.example' });
    const { url, jar } = target('self');
    expect(JSON.parse((await send(jar, `${url}/api/session`)).text).on_behalf_of).toEqual({ policy: 'self', value: 'bo@team.example', allowed: null, claim: null });

    const before = upstream.requests.length;
    const tracked = await fetch(`${url}/api/jobs`, {
      method: 'POST',
      headers: { Origin: url, 'Content-Type': 'application/json', Cookie: jar.header(url) },
      body: JSON.stringify({ response_id: 'resp_policy', on_behalf_of: 'mallory' }),
    });
    expect(tracked.status).toBe(201);
    expect(upstream.requests.slice(before).map((request) => request.headers['x-on-behalf-of'])).toEqual(['bo@team.example']);
    const job = (await tracked.json()) as { job: { on_behalf_of: string } };
    expect(job.job.on_behalf_of).toBe('bo@team.example');
  });

  it('claim: a value the user\'s claim lists is sent; any other, or none, is 403 naming the header and never reaches the gateway', async () => {
    expect(await create('claim', 'acme-2')).toMatchObject({ status: 200, sentHeader: 'acme-2' });
    for (const value of ['acme-3', null]) {
      const refused = await create('claim', value);
      expect(refused.status).toBe(403);
      expect(refused.sentHeader).toBeNull();
      expect(refused.body).toMatchObject({ error: { type: 'permission_error', param: 'X-On-Behalf-Of', code: 'on_behalf_of_not_allowed' } });
      expect(String((refused.body.error as { message: string }).message)).toContain('"acme-1", "acme-2"');
    }
    const { url, jar } = target('claim');
    expect(JSON.parse((await send(jar, `${url}/api/session`)).text).on_behalf_of).toEqual({ policy: 'claim', value: null, allowed: ['acme-1', 'acme-2'], claim: 'on_behalf_of' });

    const headers = { Origin: url, 'Content-Type': 'application/json', Cookie: jar.header(url) };
    const track = await fetch(`${url}/api/jobs`, { method: 'POST', headers, body: JSON.stringify({ response_id: 'resp_policy', on_behalf_of: 'acme-3' }) });
    expect(track.status).toBe(403);
    expect(await track.json()).toMatchObject({ error: { param: 'on_behalf_of', code: 'on_behalf_of_not_allowed' } });
    const lookup = await fetch(`${url}/api/chains`, { method: 'POST', headers: { ...headers, 'X-On-Behalf-Of': 'acme-3' }, body: JSON.stringify({ id: 'resp_policy' }) });
    expect(lookup.status).toBe(403);
    expect(await lookup.json()).toMatchObject({ error: { param: 'X-On-Behalf-Of', code: 'on_behalf_of_not_allowed' } });
    const allowed = await fetch(`${url}/api/chains`, { method: 'POST', headers: { ...headers, 'X-On-Behalf-Of': 'acme-1' }, body: JSON.stringify({ id: 'resp_policy' }) });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ id: 'resp_policy', on_behalf_of: 'acme-1' });
  });

  it('logs what reached the gateway (never a refused call, never a body without AUDIT_BODIES), with the value actually sent', async () => {
    const { url, jar } = target('claim');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const audit = JSON.parse((await send(jar, `${url}/api/admin/audit?path=/responses`)).text) as { data: Array<Record<string, unknown>> };
    const creates = audit.data.filter((entry) => entry.method === 'POST' && entry.path === '/responses');
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(creates.map((entry) => entry.on_behalf_of)).not.toContain('acme-3');
    expect(creates[0]).toMatchObject({ actor: 'bo@team.example', on_behalf_of: 'acme-2', model: 'm', response_id: 'resp_policy', status: 200, request_body: null });
    const self = JSON.parse((await send(target('self').jar, `${target('self').url}/api/admin/audit?on_behalf_of=mallory`)).text) as { data: unknown[] };
    expect(self.data).toEqual([]);
  });

  it('claim: someone whose account lists no one may not act for anyone', async () => {
    const { url } = target('claim');
    const { jar } = await signInThroughProvider(url, 'cy');
    const refused = await create('claim', 'acme-1', jar);
    expect(refused.status).toBe(403);
    expect(String((refused.body.error as { message: string }).message)).toContain('your account lists no one');
  });

  it('every policy refuses a header sent twice (joined as "a, b") with 400 naming it, before any policy applies', async () => {
    for (const policy of POLICIES) {
      const refused = await create(policy, 'acme-1, acme-2');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { param: 'X-On-Behalf-Of', code: 'repeated_header' } });
    }
  });
});
