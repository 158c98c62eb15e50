// The /api/recordings routes' bodies: list and search, import a file, export, rename or pin, delete (failures thrown, answered by withRoute).
import 'server-only';
import { readOwnerView, requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { readBodyText } from '@/lib/http/body';
import { readJsonBody, readQuery, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { parseRecordingFile, RECORDING_MAX_BYTES } from '@/lib/schema/recording';
import { recordingListQuerySchema, recordingPatchSchema, type RecordingList } from './schemas';
import { loadRecording, recordingNotFound } from './access';
import { deleteRecording, insertRecording, listRecordings, readRecordingText, updateRecording } from './store';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A file name for the download: the recording's name in safe characters, then its id. */
function fileNameOf(name: string, id: string): string {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug ? `${slug}-` : ''}${id}.recording.json`;
}

export const handleListRecordings = withRoute('GET /api/recordings', async (request: Request) => {
  const query = readQuery(request, recordingListQuerySchema);
  const viewer = await requireViewer(request);
  const data = await listRecordings(await getDb(), { q: query.q, responseId: query.response_id, limit: query.limit, view: readOwnerView(request) }, viewer);
  const list: RecordingList = { object: 'list', data: toSnakeCase(data), keep: getEnv().RECORDINGS_KEEP };
  return Response.json(list, { headers: NO_STORE });
});

/** An import: the whole file checked before anything is stored (400 naming the field or line; 413 over 50 MiB). Imports are pinned and the importer's. */
export const handleImportRecording = withRoute('POST /api/recordings', async (request: Request) => {
  const text = await readBodyText(request, { bytes: RECORDING_MAX_BYTES, name: 'the recording file limit, 50 MiB' });
  const parsed = parseRecordingFile(text);
  if (!parsed.ok) throw parsed.error;
  const { ownerId } = await requireViewer(request);
  const summary = await insertRecording(await getDb(), parsed.recording, { pinned: true, origin: 'imported', ownerId });
  return Response.json({ id: summary.id }, { status: 201, headers: NO_STORE });
});

export const handleGetRecording = withRoute('GET /api/recordings/{id}', async (request: Request, id: string) => {
  const found = await readRecordingText(await getDb(), id, await requireViewer(request));
  if (!found) throw recordingNotFound(id);
  return new Response(found.text, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileNameOf(found.summary.name, found.summary.id)}"`,
    },
  });
});

export const handlePatchRecording = withRoute('PATCH /api/recordings/{id}', async (request: Request, id: string) => {
  const patch = await readJsonBody(request, recordingPatchSchema);
  const db = await getDb();
  const { viewer } = await loadRecording(db, request, id, 'change');
  const summary = await updateRecording(db, id, patch, viewer);
  if (!summary) throw recordingNotFound(id);
  return Response.json(toSnakeCase(summary), { headers: NO_STORE });
});

export const handleDeleteRecording = withRoute('DELETE /api/recordings/{id}', async (request: Request, id: string) => {
  const db = await getDb();
  const { viewer } = await loadRecording(db, request, id, 'change');
  if (!(await deleteRecording(db, id, viewer))) throw recordingNotFound(id);
  return Response.json({ id, object: 'recording.deleted', deleted: true }, { headers: NO_STORE });
});
