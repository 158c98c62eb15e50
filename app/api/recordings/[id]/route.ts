// /api/recordings/{id}: GET the recording file (what export downloads), PATCH its name or pin, DELETE it.
import { handleDeleteRecording, handleGetRecording, handlePatchRecording } from '@/lib/recordings/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context) {
  return handleGetRecording(request, (await params).id);
}

export async function PATCH(request: Request, { params }: Context) {
  return handlePatchRecording(request, (await params).id);
}

export async function DELETE(request: Request, { params }: Context) {
  return handleDeleteRecording(request, (await params).id);
}
