// Recordings end to end on both databases: a streamed run through the proxy is kept as it arrived, and /api/recordings lists,
// exports, imports (bad files refused, nothing stored), renames, pins, deletes and applies RECORDINGS_KEEP.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRecordingFile, RECORDING_MAX_BYTES, recordedStreamText, type RecordingFile } from '@/lib/schema/recording';
import { setUpTestAppDatabase } from '../support/app-database';
import { DATABASE_KINDS } from '../support/databases';
import { controlledStream, loadProxyRoutes, routeParams, sseEvent, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';

const ORIGIN = 'http://127.0.0.1:4299';
const json = (body: unknown) => ({ 'Content-Type': 'application/json', body: JSON.stringify(body) });

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('recordings on %s', (kind) => {
  let upstream: FakeUpstream;
  let routes: Awaited<ReturnType<typeof load>>;

  async function load(extra: Record<string, string> = {}) {
    const proxy = await loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, GATEWAY_API_KEY: 'sk-test-recordings', PROXY_RATE_LIMIT_PER_MINUTE: '100000', ...extra }, () => vi.resetModules());
    return { ...proxy, list: await import('@/app/api/recordings/route'), byId: await import('@/app/api/recordings/[id]/route') };
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    delete process.env.RECORDINGS_KEEP;
    await upstream?.close();
  });
  setUpTestAppDatabase({
    kind,
    prepare: async () => {
      delete process.env.RECORDINGS_KEEP;
      routes = await load();
    },
  });

  const listRecordings = async (query = '') => {
    const reply = await routes.list.GET(new Request(`${ORIGIN}/api/recordings${query}`));
    expect(reply.status).toBe(200);
    return (await reply.json()) as { data: Array<Record<string, unknown>>; keep: number };
  };
  const getFile = async (id: string) => {
    const reply = await routes.byId.GET(new Request(`${ORIGIN}/api/recordings/${id}`), routeParams(id));
    return { reply, text: await reply.text() };
  };
  const importFile = (body: string) => routes.list.POST(new Request(`${ORIGIN}/api/recordings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
  const recordingOf = (responseId: string) =>
    waitFor(() => listRecordings(`?response_id=${responseId}`), (list) => list.data.length > 0, `the recording of ${responseId}`).then((list) => list.data[0]!);

  const response = (id: string, status: string, extra: Record<string, unknown> = {}) => ({ id, object: 'response', status, model: 'gpt-served-variant', output: [], ...extra });
  const output = [{ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Bonjour le monde' }] }];

  /** A streamed run through the proxy, the gateway pausing between events; returns what the browser received. */
  async function streamRun(id: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const reply = await routes.responses.POST(new Request(`${ORIGIN}/api/responses`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    expect(reply.status).toBe(200);
    const received = reply.text();
    await stream.opened;
    await stream.send(sseEvent({ type: 'response.created', sequence_number: 0, response: response(id, 'in_progress') }));
    await pause(250);
    // One event cut across two writes, with CRLF framing and text a database cannot hold as is.
    const delta = `event: response.output_text.delta\r\ndata: ${JSON.stringify({ type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Bon\u0000jour \ud800' })}\r\n\r\n`;
    await stream.send(delta.slice(0, 30));
    await pause(30);
    await stream.send(delta.slice(30));
    await pause(250);
    await stream.send(sseEvent({ type: 'response.completed', sequence_number: 2, response: response(id, 'completed', { output }) }));
    stream.end();
    return received;
  }

  it('keeps a streamed run as it arrived: every event and its offset, the served model, the user, the request without credentials', async () => {
    const tool = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example/sse', require_approval: 'never' };
    const body = { model: 'gpt-asked', input: 'Translate hello world', stream: true, tools: [{ ...tool, authorization: 'mcp_do_not_keep_me' }] };
    const received = await streamRun('resp_rec_1', body, { 'X-On-Behalf-Of': 'alice' });
    const entry = await recordingOf('resp_rec_1');
    expect(entry).toMatchObject({ name: 'Translate hello world', pinned: false, origin: 'recorded', source: 'proxy', model: 'gpt-served-variant', status: 'completed', on_behalf_of: 'alice', event_count: 3 });

    const { reply, text } = await getFile(String(entry.id));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="Translate-hello-world-rec_[0-9a-f]{24}\.recording\.json"$/);
    expect(Buffer.byteLength(text)).toBe(entry.size_bytes);
    expect(text).not.toContain('mcp_do_not_keep_me');
    const parsed = parseRecordingFile(text);
    if (!parsed.ok) throw parsed.error;
    const file = parsed.recording;
    expect(recordedStreamText(file)).toBe(received);
    expect(file.events.map((event) => event.raw.split(/\r?\n/)[0])).toEqual(['event: response.created', 'event: response.output_text.delta', 'event: response.completed']);
    const [created, delta, completed] = file.events.map((event) => event.at_ms) as [number, number, number];
    // The gateway's pauses (250 ms, 30 + 250 ms) show in the offsets; a busy event loop may stamp an event late, never early.
    expect(delta - created).toBeGreaterThan(100);
    expect(completed - delta).toBeGreaterThan(100);
    expect(file.headers_ms).toBeLessThanOrEqual(created);
    expect(file.duration_ms).toBeGreaterThanOrEqual(completed);
    expect(file).toMatchObject({ response_id: 'resp_rec_1', ended_by: 'stream_end', on_behalf_of: 'alice', request: { ...body, tools: [{ ...tool, authorization: '<redacted>' }] } });
    expect(file.response).toMatchObject({ id: 'resp_rec_1', status: 'completed', output });

    // Stored gzip-compressed at zlib's fastest level (the header's XFL byte says 4), the cheapest for every streamed run.
    const { getDb } = await import('@/lib/db');
    const { tables } = await import('@/lib/db');
    const { eq } = await import('drizzle-orm');
    const [stored] = await (await getDb()).select({ content: tables.recordings.content }).from(tables.recordings).where(eq(tables.recordings.id, String(entry.id)));
    expect([stored!.content[0], stored!.content[1], stored!.content[8]]).toEqual([0x1f, 0x8b, 4]);
  });

  it('finds recordings by text of the input or the output, by response id, and lists newest first', async () => {
    await streamRun('resp_rec_2', { model: 'gpt-asked', input: 'Another question', stream: true });
    await recordingOf('resp_rec_2');
    const ids = async (query: string) => (await listRecordings(query)).data.map((entry) => entry.response_id);
    expect(await ids('')).toEqual(['resp_rec_2', 'resp_rec_1']);
    expect(await ids('?q=TRANSLATE')).toEqual(['resp_rec_1']);
    expect(await ids('?q=bonjour')).toEqual(['resp_rec_2', 'resp_rec_1']);
    expect(await ids('?q=rec_2')).toEqual(['resp_rec_2']);
    expect(await ids('?response_id=resp_rec_1')).toEqual(['resp_rec_1']);
    expect(await ids('?q=100%25')).toEqual([]);
    expect((await listRecordings()).keep).toBe(500);
  });

  it('keeps a run the browser left mid-stream as ended by the client, and records no run that was not streamed', async () => {
    const stream = controlledStream();
    upstream.respondWith(stream.handler);
    const browser = new AbortController();
    const reply = await routes.responses.POST(new Request(`${ORIGIN}/api/responses`, { method: 'POST', ...json({ model: 'm', input: 'Leave early', stream: true }), signal: browser.signal }));
    const reader = reply.body!.getReader();
    await stream.opened;
    await stream.send(sseEvent({ type: 'response.created', sequence_number: 0, response: response('resp_rec_left', 'in_progress') }));
    await reader.read();
    await reader.cancel();
    const entry = await recordingOf('resp_rec_left');
    const file = parseRecordingFile((await getFile(String(entry.id))).text);
    expect(file.ok && [file.recording.ended_by, file.recording.events.length, file.recording.status]).toEqual(['client', 1, 'in_progress']);

    upstream.respondWith((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(response('resp_rec_json', 'completed')));
    });
    const plain = await routes.responses.POST(new Request(`${ORIGIN}/api/responses`, { method: 'POST', ...json({ model: 'm', input: 'No stream' }) }));
    expect(plain.status).toBe(200);
    await pause(300);
    expect((await listRecordings('?response_id=resp_rec_json')).data).toEqual([]);
  });

  it('imports a file as a pinned recording that exports the same events, and refuses bad files naming the field or line, storing nothing', async () => {
    const entry = await recordingOf('resp_rec_1');
    const original = (await getFile(String(entry.id))).text;
    const file = JSON.parse(original) as RecordingFile;
    const before = (await listRecordings()).data.length;

    const bad: Array<[string, number, string | null, RegExp]> = [
      ['{"format": "responses-playground.recording", "version": 1, "name": "x",', 400, null, /truncated/],
      [JSON.stringify({ object: 'response', id: 'resp_1' }), 400, 'format', /not a recording/],
      [JSON.stringify({ ...file, version: 9 }), 400, 'version', /Unknown recording version 9/],
      [JSON.stringify({ ...file, events: [...file.events, { at_ms: 'later', raw: '' }] }), 400, 'events[3].at_ms', /expected a number/],
      ['{\n  "format": "responses-playground.recording",\n  oops\n}', 400, null, /line 3, column 3/],
    ];
    for (const [body, status, param, message] of bad) {
      const reply = await importFile(body);
      expect(reply.status).toBe(status);
      const { error } = (await reply.json()) as { error: { message: string; param: string | null; code: string; type: string } };
      expect(error).toMatchObject({ param, code: 'invalid_recording', type: 'invalid_request_error' });
      expect(error.message).toMatch(message);
    }
    const huge = await importFile(`{"format":"responses-playground.recording","pad":"${'x'.repeat(RECORDING_MAX_BYTES)}"}`);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
    expect((await listRecordings()).data.length).toBe(before);

    const imported = await importFile(original);
    expect(imported.status).toBe(201);
    const { id } = (await imported.json()) as { id: string };
    expect(id).toMatch(/^rec_[0-9a-f]{24}$/);
    expect(id).not.toBe(entry.id);
    const again = (await listRecordings()).data.find((row) => row.id === id);
    expect(again).toMatchObject({ pinned: true, origin: 'imported', response_id: 'resp_rec_1', event_count: 3 });
    expect((await getFile(id)).text).toBe(original);
  });

  it('renames and pins, refuses a bad change naming the field, deletes, and answers 404 for a recording that is not there', async () => {
    const entry = await recordingOf('resp_rec_2');
    const id = String(entry.id);
    const patch = (body: unknown) => routes.byId.PATCH(new Request(`${ORIGIN}/api/recordings/${id}`, { method: 'PATCH', ...json(body) }), routeParams(id));
    const renamed = await patch({ name: '  Demo: greeting \u0000 ✓ ', pinned: true });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id, name: 'Demo: greeting \u0000 ✓', pinned: true });
    const exported = await getFile(id);
    expect(JSON.parse(exported.text).name).toBe('Demo: greeting \u0000 ✓');
    expect(Buffer.byteLength(exported.text)).toBe((await listRecordings(`?response_id=resp_rec_2`)).data[0]!.size_bytes);

    for (const [body, param] of [[{}, 'name'], [{ name: '' }, 'name'], [{ pinned: 'yes' }, 'pinned']] as const) {
      const reply = await patch(body);
      expect(reply.status).toBe(400);
      expect(((await reply.json()) as { error: { param: string } }).error.param).toBe(param);
    }
    const removed = await routes.byId.DELETE(new Request(`${ORIGIN}/api/recordings/${id}`, { method: 'DELETE' }), routeParams(id));
    expect(await removed.json()).toEqual({ id, object: 'recording.deleted', deleted: true });
    const gone = await getFile(id);
    expect(gone.reply.status).toBe(404);
    expect(JSON.parse(gone.text).error).toMatchObject({ code: 'recording_not_found', param: 'id' });
    for (const reply of [
      await patch({ pinned: false }),
      await routes.byId.DELETE(new Request(`${ORIGIN}/api/recordings/${id}`, { method: 'DELETE' }), routeParams(id)),
    ]) {
      expect(reply.status).toBe(404);
      expect(((await reply.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'recording_not_found', param: 'id' });
    }
  });

  it('keeps the newest RECORDINGS_KEEP unpinned recordings and every pinned one; 0 records nothing', async () => {
    process.env.RECORDINGS_KEEP = '2';
    routes = await load();
    const pinned = (await listRecordings()).data.filter((entry) => entry.pinned).map((entry) => entry.id);
    for (const n of [1, 2, 3]) {
      await streamRun(`resp_keep_${n}`, { model: 'm', input: `keep ${n}`, stream: true });
      await recordingOf(`resp_keep_${n}`);
    }
    // Retention runs just after the insert that lists a new run (the recorder's next statement): wait for it to apply.
    const after = (await waitFor(listRecordings, (list) => list.data.filter((entry) => !entry.pinned).length === 2, 'the unpinned recordings pruned to 2')).data;
    expect(after.filter((entry) => !entry.pinned).map((entry) => entry.response_id)).toEqual(['resp_keep_3', 'resp_keep_2']);
    expect(after.filter((entry) => entry.pinned).map((entry) => entry.id)).toEqual(pinned);

    // A compare grid's cells are kept apart: three of them push out one of their own, none of the playground's.
    const { getDb } = await import('@/lib/db');
    const { insertRecording, pruneRecordings } = await import('@/lib/recordings/store');
    const template = JSON.parse((await getFile(String(after[0]!.id))).text) as RecordingFile;
    for (const n of [1, 2, 3]) {
      await insertRecording(await getDb(), { ...template, source: 'grid', response_id: `resp_cell_${n}` }, { pinned: false, origin: 'recorded', ownerId: null });
      await pruneRecordings(await getDb(), 2, 'grid');
    }
    const bySource = (await listRecordings()).data.filter((entry) => !entry.pinned).map((entry) => entry.response_id);
    expect(bySource).toEqual(['resp_cell_3', 'resp_cell_2', 'resp_keep_3', 'resp_keep_2']);

    process.env.RECORDINGS_KEEP = '0';
    routes = await load();
    await streamRun('resp_keep_none', { model: 'm', input: 'not kept', stream: true });
    await pause(300);
    expect((await listRecordings('?response_id=resp_keep_none')).data).toEqual([]);
    expect((await listRecordings()).keep).toBe(0);
  });
});
