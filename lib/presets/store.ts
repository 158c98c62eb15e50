// Named presets of a request body: list, save (insert or replace by name) and delete. Takes the db so tests pass theirs.
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/open';
import { presets } from '@/lib/db/schema';
import { redactCredentials } from '@/lib/schema/credentials';

export const presetNameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
export const savePresetSchema = z.object({ name: presetNameSchema, body: z.record(z.string(), z.unknown()) });

export interface Preset {
  name: string;
  body: Record<string, unknown>;
  updatedAt: string;
}

export async function listPresets(db: Db): Promise<Preset[]> {
  const rows = await db.select().from(presets).orderBy(asc(presets.name));
  return rows.map((row) => ({ name: row.name, body: redactCredentials(row.body as Record<string, unknown>), updatedAt: row.updatedAt.toISOString() }));
}

/** Credentials in the body are saved only as a marker that one was set (lib/schema/credentials.ts). */
export async function savePreset(db: Db, name: string, body: Record<string, unknown>): Promise<void> {
  const stored = redactCredentials(body);
  await db
    .insert(presets)
    .values({ name, body: stored })
    .onConflictDoUpdate({ target: presets.name, set: { body: stored, updatedAt: sql`now()` } });
}

/** True when a preset of that name existed. */
export async function deletePreset(db: Db, name: string): Promise<boolean> {
  const removed = await db.delete(presets).where(eq(presets.name, name)).returning({ name: presets.name });
  return removed.length > 0;
}
