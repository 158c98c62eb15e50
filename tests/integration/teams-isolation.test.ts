// Per-user data in a running app signed in through a real OpenID provider: each person's history, presets, jobs,
// webhook captures, chain index, responses, grids and recordings are theirs; another user's id is a 404 on every route until it is
// shared on purpose (then readable, still not changeable); rows from before personal sign-in are everyone's ("team");
// live events reach only who may see them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app-process';
import { signInThroughProvider, type CookieJar } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { assertBuilt, oidcSettings, reserveAppUrl } from '../support/team-app';

let provider: TestProvider;
let app: RunningApp;
let url: string;
let ana: CookieJar;
let bo: CookieJar;

/** Bo's items: a background response with its job, capture and chain entry, a history entry, a preset, a grid, a recording. */
const his = { responseId: '', captureId: '', historyId: 0, gridId: '', preset: 'bo-private-preset', recordingId: '' };
let legacyPreset = '';

type Json = Record<string, unknown> & { data?: Array<Record<string, unknown>> };

async function call(jar: CookieJar, method: string, route: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = { Origin: url, Cookie: jar.header(url) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const reply = await fetch(`${url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await reply.text();
  let json: Json = {};
  try {
    json = text ? (JSON.parse(text) as Json) : {};
  } catch {
    json = { text };
  }
  return { status: reply.status, json };
}

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return read();
}

beforeAll(async () => {
  const distDir = assertBuilt();
  const reserved = await reserveAppUrl();
  url = reserved.url;
  const pgliteDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'playground-isolation-')), 'pglite');
  // Before personal sign-in: one shared playground, whose preset must stay everyone's afterwards.
  const before = await startApp(reserved.port, { NEXT_DIST_DIR: distDir, PGLITE_DIR: pgliteDir });
  legacyPreset = 'from-before-sign-in';
  const saved = await fetch(`${url}/api/presets`, { method: 'PUT', headers: { Origin: url, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: legacyPreset, body: { model: 'local-echo' } }) });
  expect(saved.status).toBe(200);
  await before.stop();

  provider = await startTestProvider({ redirectUris: [reserved.redirectUri] });
  provider.addAccount('ana', { email: 'ana@team.example', email_verified: true });
  provider.addAccount('bo', { email: 'bo@team.example', email_verified: true });
  app = await startApp(reserved.port, { NEXT_DIST_DIR: distDir, PGLITE_DIR: pgliteDir, PLAYGROUND_PUBLIC_URL: url, LOCAL_GATEWAY_TOKENS_PER_SECOND: '0', ...oidcSettings(provider) });
  ana = (await signInThroughProvider(url, 'ana')).jar;
  bo = (await signInThroughProvider(url, 'bo')).jar;

  const capture = await call(bo, 'POST', '/api/webhooks');
  his.captureId = String(capture.json.id);
  const created = await call(bo, 'POST', '/api/responses', {
    model: 'local-echo',
    input: 'bo private',
    background: true,
    webhook_url: `${url}/api/webhooks/${his.captureId}`,
    webhook_secret: capture.json.secret,
  });
  expect(created.status).toBe(200);
  his.responseId = String(created.json.id);
  await waitFor(() => call(bo, 'GET', `/api/jobs/${his.responseId}`), (reply) => reply.status === 200 && (reply.json.deliveries as unknown[]).length > 0);
  const history = await waitFor(() => call(bo, 'GET', '/api/history'), (reply) => (reply.json.data ?? []).some((entry) => entry.response_id === his.responseId));
  his.historyId = Number(history.json.data?.find((entry) => entry.response_id === his.responseId)?.id);
  expect((await call(bo, 'PUT', '/api/presets', { name: his.preset, body: { model: 'local-echo' } })).status).toBe(200);
  const grid = await call(bo, 'POST', '/api/grids', { name: 'bo grid', base: { model: 'local-echo' }, variants: [{ label: 'a', patch: {} }], rows: [{ label: 'r', input: 'hi' }] });
  expect(grid.status).toBe(201);
  his.gridId = String(grid.json.id);
  const streamed = await call(bo, 'POST', '/api/responses', { model: 'local-echo', input: 'bo streamed', stream: true });
  expect(streamed.status).toBe(200);
  const recordings = await waitFor(() => call(bo, 'GET', '/api/recordings'), (reply) => (reply.json.data ?? []).length > 0);
  his.recordingId = String(recordings.json.data?.[0]?.id);
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

/** Every route that takes one of Bo's ids, as Ana would call it. */
function routesOnHisItems(): Array<[string, string, unknown?]> {
  const { responseId: id, captureId: cap, historyId, gridId } = his;
  const r = encodeURIComponent(id);
  return [
    ['GET', `/api/jobs/${r}`],
    ['PATCH', `/api/jobs/${r}`, { shared: true }],
    ['POST', `/api/jobs/${r}/cancel`],
    ['GET', `/api/webhooks/${cap}`],
    ['PATCH', `/api/webhooks/${cap}`, { answer_status: 500 }],
    ['POST', `/api/webhooks/${cap}/deliveries/1/replay`, {}],
    ['GET', `/api/chains/${r}`],
    ['PATCH', `/api/chains/${r}`, { shared: true }],
    ['POST', `/api/chains/${r}/deleted`],
    ['GET', `/api/responses/${r}`],
    ['GET', `/api/responses/${r}/input_items`],
    ['POST', `/api/responses/${r}/cancel`],
    ['DELETE', `/api/responses/${r}`],
    ['PATCH', `/api/history/${historyId}`, { shared: true }],
    ['PATCH', '/api/presets', { name: his.preset, shared: true }],
    ['DELETE', `/api/presets?name=${his.preset}`],
    ['GET', `/api/grids/${gridId}`],
    ['PUT', `/api/grids/${gridId}`, { name: 'taken', base: { model: 'local-echo' }, variants: [{ label: 'a', patch: {} }], rows: [{ label: 'r', input: 'x' }] }],
    ['PATCH', `/api/grids/${gridId}`, { shared: true }],
    ['DELETE', `/api/grids/${gridId}`],
    ['GET', `/api/grids/${gridId}/runs`],
    ['POST', `/api/grids/${gridId}/runs`, {}],
    ['GET', `/api/recordings/${his.recordingId}`],
    ['PATCH', `/api/recordings/${his.recordingId}`, { pinned: true }],
    ['PATCH', `/api/recordings/${his.recordingId}`, { shared: true }],
    ['DELETE', `/api/recordings/${his.recordingId}`],
  ];
}

describe('per-user data', () => {
  it('answers 404 to another user on every route that takes one of their ids, and changes nothing', async () => {
    for (const [method, route, body] of routesOnHisItems()) {
      const reply = await call(ana, method, route, body);
      expect(`${method} ${route} -> ${reply.status}`).toBe(`${method} ${route} -> 404`);
    }
    expect((await call(ana, 'POST', '/api/jobs', { response_id: his.responseId })).status).toBe(404);
    // The replay page too: another person's private recording is not found, as if it did not exist.
    expect((await fetch(`${url}/recordings/${his.recordingId}`, { headers: { Cookie: ana.header(url) } })).status).toBe(404);
    expect((await fetch(`${url}/recordings/${his.recordingId}`, { headers: { Cookie: bo.header(url) } })).status).toBe(200);
    // Still Bo's, unchanged.
    expect((await call(bo, 'GET', `/api/jobs/${encodeURIComponent(his.responseId)}`)).json.job).toMatchObject({ shared: false, is_changeable: true });
    expect((await call(bo, 'GET', `/api/presets?view=mine`)).json.data?.map((preset) => preset.name)).toContain(his.preset);
    expect((await call(bo, 'GET', `/api/grids/${his.gridId}`)).json).toMatchObject({ name: 'bo grid', shared: false, is_changeable: true });
  });

  it('lists only one\'s own by default; the team view shows what was shared and what came before sign-in', async () => {
    const mine = async (jar: CookieJar, route: string) => JSON.stringify((await call(jar, 'GET', route)).json);
    for (const route of ['/api/history', '/api/presets', '/api/jobs', '/api/webhooks', '/api/chains', '/api/grids', '/api/recordings']) {
      const text = await mine(ana, route);
      for (const id of [his.responseId, his.captureId, his.preset, his.gridId, his.recordingId]) expect(text, route).not.toContain(id);
      expect(await mine(ana, `${route}${route.includes('?') ? '&' : '?'}view=team`), route).not.toContain(his.responseId);
    }
    const team = (await call(ana, 'GET', '/api/presets?view=team')).json.data ?? [];
    expect(team.find((preset) => preset.name === legacyPreset)).toMatchObject({ owner_id: null, shared: false, is_changeable: true });
    expect((await call(ana, 'GET', '/api/presets')).json.data?.map((preset) => preset.name)).not.toContain(legacyPreset);
    expect((await call(bo, 'GET', '/api/presets?view=mine')).json.data?.map((preset) => preset.name)).toEqual([his.preset]);
  });

  it('pushes a live event only to who may see it', async () => {
    const own = await call(ana, 'POST', '/api/webhooks');
    const abort = new AbortController();
    const events = await fetch(`${url}/api/events`, { headers: { Cookie: ana.header(url) }, signal: abort.signal });
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    await fetch(`${url}/api/webhooks/${his.captureId}`, { method: 'POST', body: '{"type":"response.completed","data":{"id":"resp_x"}}' });
    await fetch(`${url}/api/webhooks/${own.json.id}`, { method: 'POST', body: '{"type":"response.completed","data":{"id":"resp_y"}}' });
    while (!text.includes('event: webhook.delivery')) text += (await reader.read()).value ?? '';
    abort.abort();
    const first = JSON.parse(/event: webhook\.delivery\ndata: (.*)\n/.exec(text)?.[1] ?? '{}') as Record<string, unknown>;
    expect(first.capture_id).toBe(own.json.id);
    expect(text).not.toContain(his.captureId);
  });

  it('lets the owner share: the team reads it, only the owner changes it', async () => {
    const r = encodeURIComponent(his.responseId);
    expect((await call(bo, 'PATCH', `/api/jobs/${r}`, { shared: true })).json.job).toMatchObject({ shared: true });
    expect((await call(bo, 'PATCH', `/api/webhooks/${his.captureId}`, { shared: true })).json).toMatchObject({ shared: true });
    expect((await call(bo, 'PATCH', `/api/chains/${r}`, { shared: true })).json).toMatchObject({ shared: true });
    expect((await call(bo, 'PATCH', `/api/history/${his.historyId}`, { shared: true })).json).toMatchObject({ shared: true });
    expect((await call(bo, 'PATCH', '/api/presets', { name: his.preset, shared: true })).json).toMatchObject({ shared: true });
    expect((await call(bo, 'PATCH', `/api/grids/${his.gridId}`, { shared: true })).json).toMatchObject({ shared: true, is_changeable: true });
    expect((await call(bo, 'PATCH', `/api/recordings/${his.recordingId}`, { shared: true })).json).toMatchObject({ shared: true });

    expect((await call(ana, 'GET', `/api/jobs/${r}`)).json.job).toMatchObject({ shared: true, is_changeable: false });
    expect((await call(ana, 'GET', `/api/webhooks/${his.captureId}`)).status).toBe(200);
    expect((await call(ana, 'GET', `/api/chains/${r}`)).json).toMatchObject({ shared: true, is_changeable: false });
    // The grid page reads these to show a teammate's grid read-only.
    expect((await call(ana, 'GET', `/api/grids/${his.gridId}`)).json).toMatchObject({ shared: true, is_changeable: false });
    expect((await call(ana, 'GET', '/api/grids?view=team')).json.data?.find((grid) => grid.id === his.gridId)).toMatchObject({ shared: true, is_changeable: false });
    expect((await call(ana, 'GET', `/api/recordings/${his.recordingId}`)).json).toMatchObject({ format: 'responses-playground.recording', name: 'bo streamed' });
    expect((await call(ana, 'GET', '/api/recordings?view=team')).json.data?.find((entry) => entry.id === his.recordingId)).toMatchObject({ owner_id: expect.any(String), is_changeable: false });
    for (const route of ['/api/history?view=team', '/api/presets?view=team', '/api/jobs?view=team', '/api/webhooks?view=team', '/api/chains?view=team', '/api/grids?view=team']) {
      expect(JSON.stringify((await call(ana, 'GET', route)).json), route).toMatch(new RegExp(`${his.preset}|${his.captureId}|${his.gridId}|${his.responseId}`));
    }
    const cancel = await call(ana, 'POST', `/api/jobs/${r}/cancel`);
    expect(cancel.status).toBe(403);
    expect(cancel.json).toMatchObject({ error: { code: 'not_owner', type: 'permission_error' } });
    expect((await call(ana, 'PATCH', `/api/webhooks/${his.captureId}`, { answer_status: 500 })).status).toBe(403);
    expect((await call(ana, 'PATCH', `/api/grids/${his.gridId}`, { shared: false })).status).toBe(403);
    expect((await call(ana, 'DELETE', `/api/recordings/${his.recordingId}`)).json).toMatchObject({ error: { code: 'not_owner', type: 'permission_error' } });
    expect((await call(ana, 'DELETE', `/api/presets?name=${his.preset}`)).status).toBe(404);
    expect((await call(bo, 'GET', `/api/presets?view=mine`)).json.data?.map((preset) => preset.name)).toContain(his.preset);
  });
});
