// GET /api/grids/{id}/runs lists a grid's runs; POST starts one ({concurrency?, cell_timeout_ms?}) and answers 202 at once.
import { handleListRuns, handleStartRun } from '@/lib/grids/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = async (request: Request, { params }: Context) => handleListRuns(request, (await params).id);
export const POST = async (request: Request, { params }: Context) => handleStartRun(request, (await params).id);
