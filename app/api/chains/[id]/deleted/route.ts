// Marks a response deleted in the chain index, after the browser deleted it through the proxy.
import { getDb } from '@/lib/db';
import { markDeleted, withErrors } from '@/lib/chains/api';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withErrors('mark deleted', async () => markDeleted(await getDb(), request, id));
}
