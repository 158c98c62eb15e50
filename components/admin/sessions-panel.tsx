'use client';
// The admin sessions page: every live personal session (who, where from, when last seen) with a button that ends it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { SessionListingReply } from '@/lib/auth/admin-sessions';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';

function when(value: string | null): string {
  return value ? new Date(value).toLocaleString() : '—';
}

export function SessionsPanel() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.adminSessions, queryFn: () => fetchJson<{ data: SessionListingReply[] }>('/api/admin/sessions') });
  const end = useMutation({
    mutationFn: (handle: string) => fetchJson(`/api/admin/sessions/${encodeURIComponent(handle)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminSessions }),
  });
  const rows = sessions.data?.data ?? [];
  return (
    <Card title="Sessions" testId="admin-sessions" description="Live sessions on every instance. Ending one signs that browser out at its next request.">
      {sessions.error ? <Alert>{sessions.error.message}</Alert> : null}
      {end.error ? <Alert>Could not end the session: {end.error.message}</Alert> : null}
      {rows.length === 0 && !sessions.isLoading ? <p className="text-sm text-fg-muted">No live sessions.</p> : null}
      <ul className="divide-y divide-line">
        {rows.map((session) => (
          <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="admin-session" data-user={session.email ?? session.user_id}>
            <div className="min-w-0 text-sm">
              <p className="font-medium text-fg [overflow-wrap:anywhere]">
                {session.name ?? session.email ?? session.user_id}
                {session.is_current ? <span className="ml-2 text-xs text-fg-muted">(this session)</span> : null}
              </p>
              <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
                {session.email ?? session.user_id} · signed in {when(session.created_at)} · last seen {when(session.last_seen_at)} · checked with the provider {when(session.checked_at)}
              </p>
              {session.user_agent ? <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{session.user_agent}</p> : null}
            </div>
            <Button size="sm" variant="danger" isLoading={end.isPending && end.variables === session.handle} onClick={() => end.mutate(session.handle)} data-testid="admin-session-end">
              End session
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
