// GET /api/responses/{id} (JSON, or SSE with ?stream=true) and DELETE /api/responses/{id}, through the gateway.
import { proxyDeleteResponse, proxyGetResponse } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context) {
  return proxyGetResponse(request, (await params).id);
}

export async function DELETE(request: Request, { params }: Context) {
  return proxyDeleteResponse(request, (await params).id);
}
