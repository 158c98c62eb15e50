// POST /api/grids/{id}/runs/{run_id}/cancel: Stop (cells in flight are stopped, background responses cancelled on the gateway).
import { handleCancelRun } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const POST = async (request: Request, { params }: { params: Promise<{ id: string; runId: string }> }) => {
  const { id, runId } = await params;
  return handleCancelRun(request, id, runId);
};
