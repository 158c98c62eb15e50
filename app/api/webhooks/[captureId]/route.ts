// /api/webhooks/{capture_id}: senders POST deliveries here; GET shows the capture and its deliveries; PATCH scripts its answer.
import { handleGetCapture, handlePatchCapture, handleReceive } from '@/lib/webhooks/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ captureId: string }> };

export async function POST(request: Request, { params }: Context) {
  return handleReceive((await params).captureId, request);
}

export async function GET(request: Request, { params }: Context) {
  return handleGetCapture((await params).captureId, request);
}

export async function PATCH(request: Request, { params }: Context) {
  return handlePatchCapture((await params).captureId, request);
}
