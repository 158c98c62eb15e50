// GET /api/grids/{id}/runs/{run_id}/events: the run's live progress as server-sent events.
import { handleRunEvents } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const GET = async (request: Request, { params }: { params: Promise<{ id: string; runId: string }> }) => {
  const { id, runId } = await params;
  return handleRunEvents(request, id, runId);
};
