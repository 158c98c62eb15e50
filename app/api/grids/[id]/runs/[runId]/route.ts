// GET /api/grids/{id}/runs/{run_id}: the run with every cell, its totals and what changed since the run before.
import { handleGetRun } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const GET = async (request: Request, { params }: { params: Promise<{ id: string; runId: string }> }) => {
  const { id, runId } = await params;
  return handleGetRun(request, id, runId);
};
