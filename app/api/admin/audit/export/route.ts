// GET /api/admin/audit/export: the filtered audit log as CSV (admins only).
import { handleExportAudit } from '@/lib/audit/http';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleExportAudit(request);
}
