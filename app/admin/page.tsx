// /admin opens the audit log.
import { redirect } from 'next/navigation';

export default function AdminPage() {
  redirect('/admin/audit');
}
