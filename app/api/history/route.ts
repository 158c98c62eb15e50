// GET /api/history?q=&limit=&view=: sent requests, newest first, searchable by model, text and response id; yours by default (view=team: shared ones).
import { readOwnerView, requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import { HISTORY_PAGE_SIZE, searchHistory } from '@/lib/history/store';
import { withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { ApiError } from '@/lib/schema';

export const dynamic = 'force-dynamic';

export const GET = withRoute('GET /api/history', async (request: Request) => {
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get('limit') ?? HISTORY_PAGE_SIZE);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new ApiError(400, 'limit must be a whole number from 1 to 200.', { param: 'limit', code: 'invalid_value' });
  }
  const entries = await searchHistory(await getDb(), url.searchParams.get('q') ?? '', limit, await requireViewer(request), readOwnerView(request));
  return Response.json({ object: 'list', data: toSnakeCase(entries) }, { headers: { 'Cache-Control': 'no-store' } });
});
