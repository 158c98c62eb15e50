// GET /api/admin/audit: the audit log, filtered, newest first (admins only).
import { handleListAudit } from '@/lib/audit/http';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleListAudit(request);
}
