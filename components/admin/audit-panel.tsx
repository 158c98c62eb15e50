'use client';
// The audit log for admins: filters, the newest entries first with "Older" paging, and the same filters exported as CSV.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { Toolbar } from '@/components/ui/layout';
import type { AuditEntryReply } from '@/lib/audit/http';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';

const FILTERS = [
  { name: 'actor', label: 'User', hint: 'email contains' },
  { name: 'path', label: 'Path', hint: 'contains' },
  { name: 'status', label: 'Status', hint: '403 or 4xx' },
  { name: 'model', label: 'Model', hint: 'contains' },
  { name: 'on_behalf_of', label: 'X-On-Behalf-Of', hint: 'exactly' },
  { name: 'response_id', label: 'Response id', hint: 'exactly' },
  { name: 'from', label: 'From', hint: 'ISO time' },
  { name: 'to', label: 'To', hint: 'ISO time' },
] as const;

type FilterName = (typeof FILTERS)[number]['name'];

function toQuery(filters: Partial<Record<FilterName, string>>, before: number | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value?.trim()) params.set(name, value.trim());
  if (before !== null) params.set('before', String(before));
  return params.toString();
}

export function AuditPanel() {
  const [draft, setDraft] = useState<Partial<Record<FilterName, string>>>({});
  const [applied, setApplied] = useState<Partial<Record<FilterName, string>>>({});
  const [pages, setPages] = useState<Array<number | null>>([null]);
  const before = pages.at(-1) ?? null;
  const query = toQuery(applied, before);
  const audit = useQuery({ queryKey: queryKeys.adminAudit(query), queryFn: () => fetchJson<{ data: AuditEntryReply[]; next_before: number | null }>(`/api/admin/audit?${query}`) });
  const rows = audit.data?.data ?? [];
  const apply = () => {
    setApplied(draft);
    setPages([null]);
  };
  return (
    <Card title="Audit log" testId="admin-audit" description="Every request that reached the gateway through this playground: who, what, for whom, and how it ended.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Toolbar label="Filter the audit log">
          {FILTERS.map((filter) => (
            <Field key={filter.name} label={filter.label} hint={filter.hint} className="w-44">
              <TextInput value={draft[filter.name] ?? ''} isMono data-testid={`audit-filter-${filter.name}`} onChange={(event) => setDraft({ ...draft, [filter.name]: event.target.value })} />
            </Field>
          ))}
          <Button type="submit" variant="primary" data-testid="audit-apply">
            Filter
          </Button>
          <a href={`/api/admin/audit/export?${toQuery(applied, null)}`} className={buttonClass()} data-testid="audit-export" download>
            Export CSV
          </a>
        </Toolbar>
      </form>
      {audit.error ? <Alert>{audit.error.message}</Alert> : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[56rem] text-left text-sm" data-testid="audit-table">
          <thead className="text-xs text-fg-muted">
            <tr>
              {['Time', 'User', 'Method and path', 'Model', 'X-On-Behalf-Of', 'Response', 'Status', 'Duration'].map((heading) => (
                <th key={heading} scope="col" className="px-2 py-1 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line font-mono text-xs">
            {rows.map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td className="px-2 py-1 whitespace-nowrap">{new Date(row.at).toLocaleString()}</td>
                <td className="px-2 py-1 [overflow-wrap:anywhere]">{row.actor}</td>
                <td className="px-2 py-1 [overflow-wrap:anywhere]">
                  {row.method} {row.path}
                </td>
                <td className="px-2 py-1">{row.model ?? '—'}</td>
                <td className="px-2 py-1 [overflow-wrap:anywhere]">{row.on_behalf_of ?? '—'}</td>
                <td className="px-2 py-1 [overflow-wrap:anywhere]">{row.response_id ?? '—'}</td>
                <td className="px-2 py-1">
                  {row.status}
                  {row.error_code ? ` ${row.error_code}` : ''}
                </td>
                <td className="px-2 py-1 whitespace-nowrap">{row.duration_ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !audit.isLoading ? <p className="py-3 text-sm text-fg-muted">No entries match.</p> : null}
      </div>
      <div className="mt-3 flex gap-2">
        <Button size="sm" disabled={pages.length < 2} onClick={() => setPages(pages.slice(0, -1))} data-testid="audit-newer">
          Newer
        </Button>
        <Button size="sm" disabled={!audit.data?.next_before} onClick={() => setPages([...pages, audit.data?.next_before ?? null])} data-testid="audit-older">
          Older
        </Button>
      </div>
    </Card>
  );
}
