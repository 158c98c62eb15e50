// Recording every response id the playground sees, with its parent, for the chain index (contract used by lib/gateway).
import 'server-only';
import { getDb } from '@/lib/db';
import { upsertSeenResponse, type SeenResponse } from './index-store';

export type { SeenResponse } from './index-store';

/** Never throws: the index is a convenience, and a failure to record must not break the proxied call. */
export async function recordSeenResponse(seen: SeenResponse): Promise<void> {
  try {
    await upsertSeenResponse(await getDb(), seen);
  } catch (error) {
    console.error(`chain index: could not record ${seen.id}: ${(error as Error).message}`);
  }
}
