// One entry of the chain index (what the playground knows about a response id: parent, user, deleted, owner); PATCH {"shared": …} shares it.
import { getDb } from '@/lib/db';
import { getChainEntry, shareChainEntry } from '@/lib/chains/api';
import { withRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = withRoute('GET /api/chains/{id}', async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  getChainEntry(await getDb(), request, (await params).id),
);

export const PATCH = withRoute('PATCH /api/chains/{id}', async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  shareChainEntry(await getDb(), request, (await params).id),
);
