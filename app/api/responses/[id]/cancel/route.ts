// POST /api/responses/{id}/cancel: cancel a background response through the gateway.
import { proxyCancelResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return proxyCancelResponse(request, (await params).id);
}
