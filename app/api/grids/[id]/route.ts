// GET, PUT (a whole new definition), PATCH ({"shared": …}) and DELETE /api/grids/{id}.
import { handleDeleteGrid, handleGetGrid, handlePutGrid, handleShareGrid } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = async (request: Request, { params }: Context) => handleGetGrid(request, (await params).id);
export const PUT = async (request: Request, { params }: Context) => handlePutGrid(request, (await params).id);
export const DELETE = async (request: Request, { params }: Context) => handleDeleteGrid(request, (await params).id);
export const PATCH = async (request: Request, { params }: Context) => handleShareGrid(request, (await params).id);
