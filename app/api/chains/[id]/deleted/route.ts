// Marks a response deleted in the chain index, after the browser deleted it through the proxy.
import { getDb } from '@/lib/db';
import { markDeleted } from '@/lib/chains/api';
import { withRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = withRoute('POST /api/chains/{id}/deleted', async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  markDeleted(await getDb(), request, (await params).id),
);
