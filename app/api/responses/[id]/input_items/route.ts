// GET /api/responses/{id}/input_items: list the input items of a stored response through the gateway; guarded here, proxy.ts skips it.
import { guardedRoute } from '@/lib/auth/guard';
import { proxyListInputItems } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export const GET = guardedRoute(async (request: Request, { params }: { params: Promise<{ id: string }> }) => proxyListInputItems(request, (await params).id));
