// Admin: live sessions, each of which can be ended.
import { SessionsPanel } from '@/components/admin/sessions-panel';

export const dynamic = 'force-dynamic';

export default function AdminSessionsPage() {
  return <SessionsPanel />;
}
