// Named presets of a request body: list, save (insert or replace by name, per owner), share and delete. Takes the db so tests pass theirs.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/open';
import { changeableBy, ownershipOf, SHARED_VIEWER, visibleTo, withOwner, type Ownership, type OwnerView, type Viewer } from '@/lib/db/owner';
import { presets } from '@/lib/db/schema';
import { redactCredentials } from '@/lib/schema/credentials';

export const presetNameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
export const savePresetSchema = z.object({ name: presetNameSchema, body: z.record(z.string(), z.unknown()), shared: z.boolean().optional() });

export interface Preset extends Ownership {
  name: string;
  body: Record<string, unknown>;
  updatedAt: string;
}

function toPreset(row: typeof presets.$inferSelect, viewer: Viewer): Preset {
  return { ...ownershipOf(row, viewer), name: row.name, body: redactCredentials(row.body as Record<string, unknown>), updatedAt: row.updatedAt.toISOString() };
}

export async function listPresets(db: Db, viewer: Viewer = SHARED_VIEWER, view: OwnerView = 'all'): Promise<Preset[]> {
  const rows = await db.select().from(presets).where(visibleTo(presets, viewer, view)).orderBy(asc(presets.name), asc(presets.id));
  return rows.map((row) => toPreset(row, viewer));
}

/** The viewer's own preset of that name (their namespace: before sign-in, the one shared namespace). */
function ownName(viewer: Viewer, name: string) {
  return and(eq(presets.name, name), viewer.ownerId === null ? isNull(presets.ownerId) : eq(presets.ownerId, viewer.ownerId));
}

/** Credentials in the body are saved only as a marker that one was set (lib/schema/credentials.ts). Names are unique per owner. */
export async function savePreset(db: Db, name: string, body: Record<string, unknown>, viewer: Viewer = SHARED_VIEWER, shared?: boolean): Promise<void> {
  const stored = redactCredentials(body);
  await db
    .insert(presets)
    .values({ name, body: stored, ownerId: viewer.ownerId, shared: shared ?? false })
    .onConflictDoUpdate({ target: [presets.ownerId, presets.name], set: { body: stored, updatedAt: sql`now()`, ...(shared === undefined ? {} : { shared }) } });
}

/** Shares one of the viewer's presets (or stops); null when they have none of that name. */
export async function setPresetShared(db: Db, name: string, shared: boolean, viewer: Viewer): Promise<Preset | null> {
  const [row] = await db.update(presets).set({ shared }).where(ownName(viewer, name)).returning();
  return row ? toPreset(row, viewer) : null;
}

/** True when the viewer had a preset of that name (their own, else one from before sign-in) and it is gone. */
export async function deletePreset(db: Db, name: string, viewer: Viewer = SHARED_VIEWER): Promise<boolean> {
  const [own] = await db.delete(presets).where(ownName(viewer, name)).returning({ id: presets.id });
  if (own) return true;
  const removed = await db.delete(presets).where(withOwner(eq(presets.name, name), changeableBy(presets, viewer))).returning({ id: presets.id });
  return removed.length > 0;
}
