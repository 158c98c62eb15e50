// The audit log in a running app signed in through a real OpenID provider: every call that reached the (local) gateway
// through the playground, with who, what, for whom and how it ended; filters, CSV export, admins only, bodies only
// with AUDIT_BODIES (credentials redacted), never a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryReply } from '@/lib/audit/http';
import type { RunningApp } from '../support/app-process';
import { send, signInThroughProvider, type CookieJar } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { reserveAppUrl, startTeamApp } from '../support/team-app';

let provider: TestProvider;
let app: RunningApp;
let url: string;
let admin: CookieJar;
let user: CookieJar;

type Entry = Omit<AuditEntryReply, 'request_body'> & { request_body: Record<string, unknown> | null };

beforeAll(async () => {
  const reserved = await reserveAppUrl();
  url = reserved.url;
  provider = await startTestProvider({ redirectUris: [reserved.redirectUri] });
  provider.addAccount('ana', { email: 'ana@team.example', email_verified: true, name: 'Ana' });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true, name: 'Bo' });
  app = await startTeamApp(reserved.port, provider, { PLAYGROUND_ADMINS: 'ana@team.example', AUDIT_BODIES: 'true' });
  admin = (await signInThroughProvider(url, 'ana')).jar;
  user = (await signInThroughProvider(url, 'bo')).jar;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

async function post(jar: CookieJar, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { Origin: url, 'Content-Type': 'application/json', Cookie: jar.header(url) }, body: JSON.stringify(body) });
}

async function readAudit(query: string): Promise<Entry[]> {
  const reply = await send(admin, `${url}/api/admin/audit?${query}`);
  expect(reply.status).toBe(200);
  return (JSON.parse(reply.text) as { data: Entry[] }).data;
}

/** Entries are written off the request path, a moment after the reply ended. */
async function waitForAudit(query: string, count: number): Promise<Entry[]> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const entries = await readAudit(query);
    if (entries.length >= count) return entries;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return readAudit(query);
}

describe('audit log', () => {
  it('logs a streamed create with its response id, model, X-On-Behalf-Of, status and duration; the body with credentials redacted (AUDIT_BODIES=true)', async () => {
    const secret = 'mcp-bearer-must-not-be-logged-1234';
    const streamed = await post(user, '/api/responses', {
      model: 'local-echo',
      input: 'audit me',
      stream: true,
      tools: [{ type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com', authorization: secret, require_approval: 'never' }],
    });
    const text = await streamed.text();
    const responseId = /"id":"(resp_[^"]+)"/.exec(text)?.[1];
    expect(responseId).toBeTruthy();
    const [entry] = await waitForAudit(`response_id=${responseId}`, 1);
    expect(entry).toMatchObject({ actor: 'bo@team.example', method: 'POST', path: '/responses', model: 'local-echo', on_behalf_of: 'bo@team.example', response_id: responseId, status: 200 });
    expect(entry?.user_id).toBeTruthy();
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(entry?.request_body).toMatchObject({ input: 'audit me', tools: [{ authorization: '<redacted>' }] });
    expect(JSON.stringify(await readAudit(''))).not.toContain(secret);
  });

  it('logs retrievals and refusals from the gateway with their status, and filters by status class, user and response', async () => {
    const missing = await fetch(`${url}/api/responses/resp_not_there_123`, { headers: { Cookie: user.header(url) } });
    expect(missing.status).toBe(404);
    const [refused] = await waitForAudit('response_id=resp_not_there_123', 1);
    expect(refused).toMatchObject({ method: 'GET', path: '/responses/resp_not_there_123', status: 404, actor: 'bo@team.example' });
    const failures = await readAudit('status=4xx');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.every((entry) => entry.status >= 400 && entry.status < 500)).toBe(true);
    expect((await readAudit('actor=ana@')).every((entry) => entry.actor === 'ana@team.example')).toBe(true);
    const bad = await send(admin, `${url}/api/admin/audit?status=abc`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: { param: 'status' } });
  });

  it('exports the filtered log as CSV', async () => {
    const reply = await send(admin, `${url}/api/admin/audit/export?actor=bo`);
    expect(reply.status).toBe(200);
    const lines = reply.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,time,user_id,actor,method,path,model,on_behalf_of,response_id,status,duration_ms,error_code,request_body');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.slice(1).every((line) => line.includes(',bo@team.example,'))).toBe(true);
    expect(reply.text).toContain('/responses/resp_not_there_123');
    expect(reply.text).not.toMatch(/sk-local-install-/);
  });

  it('is for admins only', async () => {
    const reply = await send(user, `${url}/api/admin/audit`);
    expect(reply.status).toBe(403);
    expect((await send(user, `${url}/api/admin/audit/export`)).status).toBe(403);
    expect((await send(user, `${url}/admin/audit`)).status).toBe(403);
    expect((await send(admin, `${url}/admin/audit`)).status).toBe(200);
  });
});
