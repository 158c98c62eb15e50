// GET /api/grids/{id}/runs/{run_id}/export?format=csv|json: the run as a download.
import { handleExportRun } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const GET = async (request: Request, { params }: { params: Promise<{ id: string; runId: string }> }) => {
  const { id, runId } = await params;
  return handleExportRun(request, id, runId);
};
