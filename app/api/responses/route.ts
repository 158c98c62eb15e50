// POST /api/responses: create a response through the gateway (JSON or SSE passed through).
import { proxyCreateResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return proxyCreateResponse(request);
}
