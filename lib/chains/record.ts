// Recording every response id the playground sees, with its parent, for the chain index (contract used by lib/gateway).
import 'server-only';
import { getDb, holdsWrites, writeGatherMs } from '@/lib/db';
import { createWriteBatcher } from '@/lib/db/batch';
import { recordAliases, resolveResponseId, updateSeenStatuses, upsertSeenResponses, type SeenResponse } from './index-store';

export type { SeenResponse } from './index-store';

// Sightings and statuses of runs proxied at the same time are written together (one or two statements for all).
const sightings = createWriteBatcher<SeenResponse, void>(async (seen) => {
  await upsertSeenResponses(await getDb(), seen);
  return [];
}, { gatherMs: writeGatherMs, holdWhile: holdsWrites });
const statuses = createWriteBatcher<{ id: string; status: string }, void>(async (updates) => {
  await updateSeenStatuses(await getDb(), updates);
  return [];
}, { gatherMs: writeGatherMs, holdWhile: holdsWrites });

/**
 * Upserts one sighting, queued by its id so that a status of it waits for its row. Throws on a database failure; the
 * proxy's recorder wrapper logs it and keeps the reply.
 */
export async function recordSeenResponse(seen: SeenResponse): Promise<void> {
  await sightings.add(seen, seen.id);
}

/**
 * A later status of a response the index holds, by its run id (a terminal event, a poll, a cancel, a webhook); it never
 * adds an entry. A sighting of it still being gathered (up to writeGatherMs) is written first.
 */
export async function recordSeenStatus(responseId: string, status: string): Promise<void> {
  await sightings.whenWritten(responseId);
  await statuses.add({ id: responseId, status });
}

/** Other ids the gateway gave the response filed as `responseId` (it changes ids per event or per GET, or echoes a backend id). */
export async function recordResponseAliases(responseId: string, aliases: readonly string[]): Promise<void> {
  await recordAliases(await getDb(), responseId, aliases);
}

/** The run id an id stands for (itself when it is no known alias). */
export async function resolveRecordedId(id: string): Promise<string> {
  return resolveResponseId(await getDb(), id);
}
