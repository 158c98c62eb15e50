// One entry of the chain index (what the playground knows about a response id: parent, user, deleted).
import { getDb } from '@/lib/db';
import { getChainEntry, withErrors } from '@/lib/chains/api';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withErrors('entry', async () => getChainEntry(await getDb(), id));
}
