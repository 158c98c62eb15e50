// Recordings in the database: insert (gzip-compressed), retention, search, read back as the file, rename, pin, delete. Takes the db.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import { ilikeText } from '@/lib/db/columns';
import { compressText, decompressText } from '@/lib/db/compressed';
import type { Db } from '@/lib/db/open';
import { changeableBy, ownershipOf, SHARED_VIEWER, visibleTo, withOwner, type Ownership, type OwnerView, type Viewer } from '@/lib/db/owner';
import { recordings } from '@/lib/db/schema';
import { flattenSearchText } from '@/lib/history/store';
import { ApiError } from '@/lib/schema/errors';
import { RECORDING_MAX_BYTES, type RecordingFile } from '@/lib/schema/recording';
import { outputTextOf } from './build';

export const RECORDINGS_PAGE_SIZE = 100;
const SEARCH_TEXT_MAX_CHARS = 20_000;

export interface RecordingSummary extends Ownership {
  id: string;
  name: string;
  pinned: boolean;
  source: string;
  /** `recorded` here, or `imported` from a file. */
  origin: 'recorded' | 'imported';
  responseId: string | null;
  model: string | null;
  status: string | null;
  onBehalfOf: string | null;
  eventCount: number;
  durationMs: number;
  sizeBytes: number;
  recordedAt: string;
  createdAt: string;
}

export interface NewRecording {
  pinned: boolean;
  origin: RecordingSummary['origin'];
  /** Who ran or imported it (null without personal sign-in: everyone's). */
  ownerId: string | null;
}

const SUMMARY_COLUMNS = {
  id: recordings.id,
  name: recordings.name,
  pinned: recordings.pinned,
  source: recordings.source,
  origin: recordings.origin,
  responseId: recordings.responseId,
  model: recordings.model,
  status: recordings.status,
  onBehalfOf: recordings.onBehalfOf,
  ownerId: recordings.ownerId,
  shared: recordings.shared,
  eventCount: recordings.eventCount,
  durationMs: recordings.durationMs,
  sizeBytes: recordings.sizeBytes,
  recordedAt: recordings.recordedAt,
  createdAt: recordings.createdAt,
};

type SummaryRow = Omit<typeof recordings.$inferSelect, 'seq' | 'searchText' | 'content'>;

/** The column holds the size without the name, which withName puts in front: `{"name":` + the name's JSON + `,`, less the `{` it replaces. */
function toSummary(row: SummaryRow, viewer: Viewer): RecordingSummary {
  const sizeBytes = row.sizeBytes + Buffer.byteLength(JSON.stringify(row.name)) + 8;
  return { ...row, ...ownershipOf(row, viewer), sizeBytes, origin: row.origin === 'imported' ? 'imported' : 'recorded', recordedAt: row.recordedAt.toISOString(), createdAt: row.createdAt.toISOString() };
}

function newRecordingId(): string {
  return `rec_${randomBytes(12).toString('hex')}`;
}

/**
 * The stored form of a file: its JSON without `name` (a rename changes only the column), gzip-compressed off the main
 * thread (lib/db/compressed.ts). `withName` puts the name back in front without parsing the rest, so a large recording is served as stored.
 */
async function encodeContent(file: RecordingFile): Promise<{ content: Uint8Array; sizeBytes: number }> {
  const { name: _name, ...rest } = file;
  const json = JSON.stringify(rest);
  // What could not be imported again is not kept either.
  if (json.length > RECORDING_MAX_BYTES) throw new ApiError(413, `The recording is larger than ${RECORDING_MAX_BYTES} bytes.`, { code: 'recording_too_large' });
  return { content: await compressText(json), sizeBytes: Buffer.byteLength(json) };
}

function withName(json: string, name: string): string {
  return `{"name":${JSON.stringify(name)},${json.slice(1)}`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

async function toRow(file: RecordingFile, options: NewRecording): Promise<typeof recordings.$inferInsert> {
  const { content, sizeBytes } = await encodeContent(file);
  const searchText = `${flattenSearchText(file.request)}\n${outputTextOf(file.response)}`.slice(0, SEARCH_TEXT_MAX_CHARS);
  return {
    id: newRecordingId(),
    name: file.name,
    pinned: options.pinned,
    source: file.source,
    origin: options.origin,
    responseId: file.response_id,
    model: file.model,
    status: file.status,
    onBehalfOf: file.on_behalf_of,
    ownerId: options.ownerId,
    eventCount: file.events.length,
    durationMs: Math.round(file.duration_ms),
    sizeBytes,
    searchText,
    recordedAt: new Date(file.recorded_at),
    content,
  };
}

export async function insertRecording(db: Db, file: RecordingFile, options: NewRecording): Promise<RecordingSummary> {
  const [row] = await db
    .insert(recordings)
    .values(await toRow(file, options))
    .returning(SUMMARY_COLUMNS);
  return toSummary(row!, { ownerId: options.ownerId });
}

/**
 * Several recordings in one statement (the recorder's batch: one database turn however many runs ended meanwhile), their
 * contents compressed side by side off the main thread. Ids in the order given; any failure rejects the whole batch.
 */
export async function insertRecordings(db: Db, items: ReadonlyArray<{ file: RecordingFile; options: NewRecording }>): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await Promise.all(items.map(({ file, options }) => toRow(file, options)));
  await db.insert(recordings).values(rows);
  return rows.map((row) => row.id);
}

/**
 * Drops the unpinned recordings of `source` made by `ownerId` beyond their newest `keep` (RECORDINGS_KEEP); pinned ones are
 * never dropped. Each person keeps their own newest, and a grid's cells are counted apart from the playground's runs, so
 * neither a busy colleague nor a large grid pushes someone's runs out. Returns how many went.
 */
export async function pruneRecordings(db: Db, keep: number, source: RecordingFile['source'] = 'proxy', ownerId: string | null = null): Promise<number> {
  const unpinned = and(eq(recordings.pinned, false), eq(recordings.source, source), ownerId === null ? isNull(recordings.ownerId) : eq(recordings.ownerId, ownerId));
  const newest = db.select({ seq: recordings.seq }).from(recordings).where(unpinned).orderBy(desc(recordings.seq)).limit(keep);
  const dropped = await db
    .delete(recordings)
    .where(and(unpinned, notInArray(recordings.seq, newest)))
    .returning({ id: recordings.id });
  return dropped.length;
}

export interface RecordingQuery {
  /** Matches the name, the input or output text, the model or the response id (case-insensitive substring). */
  q?: string;
  /** Exactly this response id. */
  responseId?: string;
  limit?: number;
  /** Whose: mine, the team's (shared, or made without sign-in), or both (the default; only with personal sign-in). */
  view?: OwnerView;
}

/** Newest first, of those `viewer` may see. */
export async function listRecordings(db: Db, query: RecordingQuery = {}, viewer: Viewer = SHARED_VIEWER): Promise<RecordingSummary[]> {
  const conditions: Array<SQL | undefined> = [visibleTo(recordings, viewer, query.view ?? 'all')];
  const text = query.q?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(or(ilikeText(recordings.name, pattern), ilikeText(recordings.searchText, pattern), ilikeText(recordings.model, pattern), ilikeText(recordings.responseId, pattern)));
  }
  if (query.responseId !== undefined) conditions.push(eq(recordings.responseId, query.responseId));
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(recordings)
    .where(and(...conditions))
    .orderBy(desc(recordings.seq))
    .limit(query.limit ?? RECORDINGS_PAGE_SIZE);
  return rows.map((row) => toSummary(row, viewer));
}

/** One recording `viewer` may see (their own, a shared one, or one made without sign-in), else null. */
export async function getRecordingSummary(db: Db, id: string, viewer: Viewer = SHARED_VIEWER): Promise<RecordingSummary | null> {
  const [row] = await db
    .select(SUMMARY_COLUMNS)
    .from(recordings)
    .where(and(eq(recordings.id, id), visibleTo(recordings, viewer)));
  return row ? toSummary(row, viewer) : null;
}

/** The recording as its file's JSON text (what export downloads), or null when `viewer` may see none by that id. */
export async function readRecordingText(db: Db, id: string, viewer: Viewer = SHARED_VIEWER): Promise<{ summary: RecordingSummary; text: string } | null> {
  const [row] = await db
    .select({ ...SUMMARY_COLUMNS, content: recordings.content })
    .from(recordings)
    .where(and(eq(recordings.id, id), visibleTo(recordings, viewer)));
  if (!row) return null;
  const { content, ...summary } = row;
  const json = await decompressText(content);
  return { summary: toSummary(summary, viewer), text: withName(json, row.name) };
}

/** Changes a recording `viewer` may change (lib/recordings/access.ts tells 404 from 403 first), else null. */
export async function updateRecording(db: Db, id: string, change: { name?: string; pinned?: boolean; shared?: boolean }, viewer: Viewer = SHARED_VIEWER): Promise<RecordingSummary | null> {
  const [row] = await db
    .update(recordings)
    .set(change)
    .where(withOwner(eq(recordings.id, id), changeableBy(recordings, viewer)))
    .returning(SUMMARY_COLUMNS);
  return row ? toSummary(row, viewer) : null;
}

/** Deletes a recording `viewer` may change; false when there was none. */
export async function deleteRecording(db: Db, id: string, viewer: Viewer = SHARED_VIEWER): Promise<boolean> {
  const deleted = await db
    .delete(recordings)
    .where(withOwner(eq(recordings.id, id), changeableBy(recordings, viewer)))
    .returning({ id: recordings.id });
  return deleted.length > 0;
}
