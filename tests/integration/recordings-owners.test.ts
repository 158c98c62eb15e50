// Recordings are per user on both databases: a run is recorded as its runner's, another user's private one is a 404 on
// every route, a shared one is readable but only its maker changes it (403), an import is the importer's, runs from
// without personal sign-in are everyone's, and RECORDINGS_KEEP counts each person's runs apart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabase, openAppDatabase, useAppDatabase } from '../support/app-database';
import { DATABASE_KINDS, makePgliteDir, makePostgresDatabase } from '../support/databases';
import { loadProxyRoutes, routeParams, sseEvent, startFakeUpstream, streamAll, type FakeUpstream } from '../support/fake-upstream';

/**
 * Who is signed in comes from the session cookie (covered by the teams tests through a real provider); here a test header
 * names the user, so the owner rules run in-process against both databases. No header: the shared playground.
 */
vi.mock('@/lib/auth/current-actor', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/auth/current-actor')>();
  const { SHARED_ACTOR, viewerOf } = await import('@/lib/auth/identity');
  const requireActor = async (request: Request) => {
    const id = request.headers.get('x-test-user');
    if (!id) return SHARED_ACTOR;
    return { kind: 'user' as const, user: { id, email: `${id}@team.example`, name: id, identity: `${id}@team.example`, groups: [], onBehalfOfValues: [], isAdmin: false, sessionHandle: `s-${id}` } };
  };
  return { ...actual, requireActor, requireViewer: async (request: Request) => viewerOf(await requireActor(request)) };
});

const ORIGIN = 'http://127.0.0.1:4298';

type Entry = Record<string, unknown>;

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(DATABASE_KINDS)('recordings per user on %s', (kind) => {
  let upstream: FakeUpstream;
  let routes: Awaited<ReturnType<typeof load>>;
  /** Ana's run, and one made without personal sign-in. */
  let anas = '';
  let legacy = '';

  async function load() {
    const proxy = await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-test-owners', PROXY_RATE_LIMIT_PER_MINUTE: '100000' }, () => vi.resetModules());
    return { ...proxy, list: await import('@/app/api/recordings/route'), byId: await import('@/app/api/recordings/[id]/route') };
  }

  const as = (user: string | null, init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(user ? { 'x-test-user': user } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });

  async function list(user: string | null, query = ''): Promise<Entry[]> {
    const reply = await routes.list.GET(new Request(`${ORIGIN}/api/recordings${query}`, as(user)));
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { data: Entry[] }).data;
  }

  async function call(user: string | null, method: 'GET' | 'PATCH' | 'DELETE', id: string, body?: unknown): Promise<{ status: number; text: string }> {
    const request = new Request(`${ORIGIN}/api/recordings/${id}`, as(user, { method, body: body === undefined ? undefined : JSON.stringify(body) }));
    const reply = await routes.byId[method](request, routeParams(id));
    return { status: reply.status, text: await reply.text() };
  }

  /** A streamed run through the proxy as `user`; returns its recording's id once it is stored. */
  async function streamRun(user: string | null, responseId: string): Promise<string> {
    const response = (status: string) => ({ id: responseId, object: 'response', status, model: 'm-served', output: [] });
    upstream.respondWith(streamAll([sseEvent({ type: 'response.created', sequence_number: 0, response: response('in_progress') }), sseEvent({ type: 'response.completed', sequence_number: 1, response: response('completed') })]));
    const reply = await routes.responses.POST(new Request(`${ORIGIN}/api/responses`, as(user, { method: 'POST', body: JSON.stringify({ model: 'm', input: `run of ${user ?? 'nobody'}`, stream: true }) })));
    expect(reply.status).toBe(200);
    await reply.text();
    const found = await waitFor(() => list(user, `?response_id=${responseId}&view=all`), (data) => data.length > 0, `the recording of ${responseId}`);
    return String(found[0]!.id);
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    await useAppDatabase(kind === 'postgres' ? { databaseUrl: await makePostgresDatabase(), pgliteDir: makePgliteDir() } : { pgliteDir: makePgliteDir() });
    delete process.env.RECORDINGS_KEEP;
    routes = await load();
    await openAppDatabase();
    legacy = await streamRun(null, 'resp_nobody');
    anas = await streamRun('ana', 'resp_ana');
  });
  afterAll(async () => {
    delete process.env.RECORDINGS_KEEP;
    // The audit entries of the proxied runs are written in the background: done before the database closes.
    await (await import('@/lib/audit/writer')).flushAudit();
    await closeAppDatabase();
    await upstream?.close();
  });

  it('records a run as its runner\'s, and lists it under Mine for them only', async () => {
    const [entry] = await list('ana');
    expect(entry).toMatchObject({ id: anas, response_id: 'resp_ana', owner_id: 'ana', shared: false, is_changeable: true });
    expect((await list('ana')).map((row) => row.id)).toEqual([anas]);
    expect(await list('bo')).toEqual([]);
    expect((await list('bo', '?view=all')).map((row) => row.id)).toEqual([legacy]);
    expect((await list('bo', '?q=resp_ana&view=all')).map((row) => row.id)).toEqual([]);
    // Without personal sign-in there is one shared playground: everything, whoever ran it.
    expect((await list(null)).map((row) => row.id)).toEqual([anas, legacy]);
  });

  it('answers 404 to another user on every route that takes the id, and changes nothing', async () => {
    for (const [method, body] of [['GET'], ['PATCH', { name: 'taken' }], ['PATCH', { pinned: true }], ['PATCH', { shared: true }], ['DELETE']] as const) {
      const reply = await call('bo', method, anas, body);
      expect(`${method} ${JSON.stringify(body)} -> ${reply.status}`).toBe(`${method} ${JSON.stringify(body)} -> 404`);
      expect(JSON.parse(reply.text)).toMatchObject({ error: { type: 'not_found_error', param: 'id', code: 'recording_not_found' } });
    }
    expect((await list('ana'))[0]).toMatchObject({ id: anas, name: 'run of ana', pinned: false, shared: false });
  });

  it('shows a shared recording to the team to replay and export; only its maker renames, keeps, unshares or deletes it', async () => {
    const shared = await call('ana', 'PATCH', anas, { shared: true });
    expect(shared.status).toBe(200);
    expect(JSON.parse(shared.text)).toMatchObject({ id: anas, shared: true, is_changeable: true });

    const team = await list('bo', '?view=team');
    expect(team.map((row) => row.id)).toEqual([anas, legacy]);
    expect(team[0]).toMatchObject({ owner_id: 'ana', shared: true, is_changeable: false });
    expect(await list('bo', '?view=mine')).toEqual([]);
    const file = await call('bo', 'GET', anas);
    expect(file.status).toBe(200);
    expect(JSON.parse(file.text)).toMatchObject({ format: 'responses-playground.recording', response_id: 'resp_ana', name: 'run of ana' });
    // The file carries no owner: whoever imports it owns the copy.
    expect(file.text).not.toContain('"owner');

    for (const [method, body] of [['PATCH', { name: 'taken' }], ['PATCH', { pinned: true }], ['PATCH', { shared: false }], ['DELETE']] as const) {
      const reply = await call('bo', method, anas, body);
      expect(`${method} ${JSON.stringify(body)} -> ${reply.status}`).toBe(`${method} ${JSON.stringify(body)} -> 403`);
      expect(JSON.parse(reply.text)).toMatchObject({ error: { type: 'permission_error', param: 'id', code: 'not_owner' } });
    }
    expect((await list('ana'))[0]).toMatchObject({ id: anas, name: 'run of ana', pinned: false, shared: true });
  });

  it('makes an import the importer\'s, kept, whatever the file says', async () => {
    const file = (await call('bo', 'GET', anas)).text;
    const reply = await routes.list.POST(new Request(`${ORIGIN}/api/recordings`, as('bo', { method: 'POST', body: file })));
    expect(reply.status).toBe(201);
    const { id } = (await reply.json()) as { id: string };
    expect(await list('bo')).toEqual([expect.objectContaining({ id, owner_id: 'bo', shared: false, pinned: true, origin: 'imported', is_changeable: true })]);
    expect((await list('ana', '?view=all')).map((row) => row.id)).not.toContain(id);
    expect((await call('ana', 'GET', id)).status).toBe(404);
    expect((await call('bo', 'PATCH', id, { name: 'my copy' })).status).toBe(200);
    expect((await call('bo', 'DELETE', id)).status).toBe(200);
  });

  it('leaves runs from without personal sign-in everyone\'s: listed as team, changeable by anyone', async () => {
    expect((await list('ana', '?view=team')).find((row) => row.id === legacy)).toMatchObject({ owner_id: null, shared: false, is_changeable: true });
    expect((await call('bo', 'PATCH', legacy, { name: 'renamed by bo' })).status).toBe(200);
    expect((await list('ana', '?view=team')).find((row) => row.id === legacy)).toMatchObject({ name: 'renamed by bo' });
  });

  it('keeps RECORDINGS_KEEP of each person\'s runs: a colleague\'s runs do not push mine out', async () => {
    process.env.RECORDINGS_KEEP = '1';
    routes = await load();
    const bos = [await streamRun('bo', 'resp_bo_1'), await streamRun('bo', 'resp_bo_2')];
    // Retention runs just after the insert that lists a new run (the recorder's next statement): wait for it to apply.
    expect((await waitFor(() => list('bo'), (rows) => rows.length === 1, "bo's recordings pruned to 1")).map((row) => row.id)).toEqual([bos[1]]);
    // Ana's run, and the one from before sign-in, are still there.
    expect((await list('ana')).map((row) => row.id)).toEqual([anas]);
    expect((await list(null)).map((row) => row.response_id)).toEqual(['resp_bo_2', 'resp_ana', 'resp_nobody']);
    await streamRun('ana', 'resp_ana_2');
    expect((await waitFor(() => list('ana'), (rows) => rows.length === 1, "ana's recordings pruned to 1")).map((row) => row.response_id)).toEqual(['resp_ana_2']);
    expect((await call('ana', 'DELETE', anas)).status).toBe(404);
  });
});
