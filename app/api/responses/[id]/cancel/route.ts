// POST /api/responses/{id}/cancel: cancel a background response through the gateway; guarded here, proxy.ts skips it.
import { guardedRoute } from '@/lib/auth/guard';
import { drainWritesOnStop, proxyCancelResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export const POST = guardedRoute(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  drainWritesOnStop();
  return proxyCancelResponse(request, (await params).id);
});
