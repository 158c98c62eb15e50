// GET /api/responses/{id}/input_items: list the input items of a stored response through the gateway.
import { proxyListInputItems } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return proxyListInputItems(request, (await params).id);
}
