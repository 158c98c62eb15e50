// POST /api/grids/{id}/runs/{run_id}/rerun: run failed cells, one cell, a row or a column again ({scope, variant?, row?}).
import { handleRerun } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const POST = async (request: Request, { params }: { params: Promise<{ id: string; runId: string }> }) => {
  const { id, runId } = await params;
  return handleRerun(request, id, runId);
};
