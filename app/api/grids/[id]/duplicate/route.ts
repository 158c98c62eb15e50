// POST /api/grids/{id}/duplicate: a new grid with the same definition (its runs stay with the original).
import { handleDuplicateGrid } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const POST = async (request: Request, { params }: { params: Promise<{ id: string }> }) => handleDuplicateGrid(request, (await params).id);
