// DELETE /api/admin/sessions/{handle}: an admin ends one session.
import { handleEndSession } from '@/lib/auth/admin-sessions';

export const dynamic = 'force-dynamic';

export async function DELETE(request: Request, { params }: { params: Promise<{ handle: string }> }) {
  return handleEndSession(request, (await params).handle);
}
