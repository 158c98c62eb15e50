// The admin pages (audit log, sessions): the guard lets only PLAYGROUND_ADMINS in when people sign in personally.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div data-testid="page-admin" className="space-y-4">
      <PageTitle title="Admin">Who used the gateway through this playground, and who is signed in.</PageTitle>
      <nav aria-label="Admin" className="flex gap-2 text-sm">
        <Link href="/admin/audit" className="rounded-md px-3 py-1.5 font-medium text-link hover:bg-sunken" data-testid="admin-nav-audit">
          Audit log
        </Link>
        <Link href="/admin/sessions" className="rounded-md px-3 py-1.5 font-medium text-link hover:bg-sunken" data-testid="admin-nav-sessions">
          Sessions
        </Link>
      </nav>
      {children}
    </div>
  );
}
