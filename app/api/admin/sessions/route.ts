// GET /api/admin/sessions: every live personal session (admins only).
import { handleListSessions } from '@/lib/auth/admin-sessions';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleListSessions(request);
}
