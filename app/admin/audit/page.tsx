// Admin: the audit log, filtered and exported as CSV.
import { AuditPanel } from '@/components/admin/audit-panel';

export const dynamic = 'force-dynamic';

export default function AdminAuditPage() {
  return <AuditPanel />;
}
