// PATCH /api/history/{id} {"shared": true|false}: shares a sent request with the team, or stops (its sender only; anyone else's is a 404).
import { requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import { setHistoryShared } from '@/lib/history/store';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { ApiError, shareBodySchema } from '@/lib/schema';

export const dynamic = 'force-dynamic';

export const PATCH = withRoute('PATCH /api/history/{id}', async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const raw = (await params).id;
  const { shared } = await readJsonBody(request, shareBodySchema);
  const id = Number(raw);
  const entry = Number.isSafeInteger(id) ? await setHistoryShared(await getDb(), id, shared, await requireViewer(request)) : null;
  if (!entry) throw new ApiError(404, `No history entry ${raw.slice(0, 100)}.`, { type: 'not_found_error', param: 'id', code: 'not_found' });
  return Response.json(toSnakeCase(entry), { headers: { 'Cache-Control': 'no-store' } });
});
