// POST /api/responses: create a response through the gateway (JSON or SSE passed through); guarded here, proxy.ts skips it.
import { guardedRoute } from '@/lib/auth/guard';
import { drainWritesOnStop, proxyCreateResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export const POST = guardedRoute((request: Request) => {
  drainWritesOnStop();
  return proxyCreateResponse(request);
});
