// GET /api/grids/{id}/runs/{run_id}/cells/{variant_index}/{row_index}: one cell with its whole turn (items, raw events).
import { handleGetCell } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const GET = async (request: Request, { params }: { params: Promise<{ id: string; runId: string; variant: string; row: string }> }) => {
  const { id, runId, variant, row } = await params;
  return handleGetCell(request, id, runId, variant, row);
};
