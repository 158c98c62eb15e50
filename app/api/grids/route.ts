// GET /api/grids lists compare grids with their latest run; POST /api/grids creates one from a definition.
import { handleCreateGrid, handleListGrids } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handleListGrids(request);
export const POST = (request: Request) => handleCreateGrid(request);
