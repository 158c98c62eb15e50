// One entry of the chain index (what the playground knows about a response id: parent, user, deleted).
import { getDb } from '@/lib/db';
import { getChainEntry } from '@/lib/chains/api';
import { withRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = withRoute('GET /api/chains/{id}', async (_request: Request, { params }: { params: Promise<{ id: string }> }) =>
  getChainEntry(await getDb(), (await params).id),
);
