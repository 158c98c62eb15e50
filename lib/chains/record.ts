// Recording every response id the playground sees, with its parent, for the chain index (contract used by lib/gateway).
import 'server-only';
import { getDb } from '@/lib/db';
import { upsertSeenResponse, type SeenResponse } from './index-store';

export type { SeenResponse } from './index-store';

/** Upserts one sighting. Throws on a database failure; the proxy's recorder wrapper logs it and keeps the reply. */
export async function recordSeenResponse(seen: SeenResponse): Promise<void> {
  await upsertSeenResponse(await getDb(), seen);
}
