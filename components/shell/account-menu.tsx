'use client';
// Who is signed in (personal sign-in or the shared token), a Sign out button, and the admin pages for admins.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/http/client';
import { sessionQuery } from '@/lib/http/query-keys';

export function AccountMenu() {
  const session = useQuery(sessionQuery).data;
  const [isLeaving, setLeaving] = useState(false);
  if (!session || session.sign_in === 'none' || !session.authenticated) return null;
  const user = session.user;
  const signOut = async () => {
    setLeaving(true);
    await fetchJson('/api/session', { method: 'DELETE' }).catch(() => undefined);
    // What this browser kept for the person (the draft, their own gateway key, whom they acted as) is theirs, not the next person's.
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // storage can be unavailable; nothing was kept then
    }
    // A full load, so nothing of the signed-out user's pages stays in memory.
    window.location.replace(new URL('/login', window.location.href));
  };
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm" data-testid="account-menu">
      {user?.is_admin ? (
        <Link href="/admin/audit" className="rounded-md px-2 py-1 font-medium text-fg-muted hover:bg-sunken hover:text-fg" data-testid="nav-admin">
          Admin
        </Link>
      ) : null}
      {user ? (
        <span className="max-w-48 truncate text-fg-muted" title={user.email ?? user.identity} data-testid="account-name">
          {user.name ?? user.email ?? user.identity}
        </span>
      ) : null}
      <Button size="sm" variant="ghost" onClick={signOut} isLoading={isLeaving} data-testid="sign-out">
        Sign out
      </Button>
    </div>
  );
}
