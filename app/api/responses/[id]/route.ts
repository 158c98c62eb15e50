// GET /api/responses/{id} (JSON, or SSE with ?stream=true) and DELETE /api/responses/{id}, through the gateway; guarded here, proxy.ts skips it.
import { guardedRoute } from '@/lib/auth/guard';
import { drainWritesOnStop, proxyDeleteResponse, proxyGetResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export const GET = guardedRoute(async (request: Request, { params }: Context) => {
  drainWritesOnStop();
  return proxyGetResponse(request, (await params).id);
});

export const DELETE = guardedRoute(async (request: Request, { params }: Context) => {
  drainWritesOnStop();
  return proxyDeleteResponse(request, (await params).id);
});
