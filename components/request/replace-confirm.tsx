'use client';
// Shows, field by field, what an import, a shared link or a reopened request would change; nothing is replaced until the user confirms.
import { Button } from '@/components/ui/button';
import { diffDrafts, type FieldChange } from '@/lib/request-import/diff';
import type { RequestDraft } from './request-draft';

export interface PendingReplacement {
  source: string;
  next: RequestDraft;
  notes: string[];
  /** An import (share link, Import tab): confirming closes the open thread instead of continuing it. */
  closesThread?: boolean;
}

function show(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value);
}

const KIND_STYLES: Record<FieldChange['kind'], string> = {
  added: 'text-success',
  removed: 'text-danger',
  changed: 'text-caution',
};

export function ReplaceConfirm({ current, pending, onConfirm, onCancel }: {
  current: RequestDraft;
  pending: PendingReplacement;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const changes = diffDrafts(current, pending.next);
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="replace-confirm-title" className="rounded-lg border-2 border-warning bg-surface p-3 text-xs" data-testid="import-diff">
      <h3 id="replace-confirm-title" className="mb-1 text-sm font-semibold">
        {pending.source}: {changes.length} field{changes.length === 1 ? '' : 's'} would change
      </h3>
      {pending.notes.map((note) => (
        <p key={note} className="text-fg-muted">{note}</p>
      ))}
      <table className="my-2 w-full table-fixed border-collapse font-mono">
        <thead>
          <tr className="text-left">
            <th className="w-1/4">field</th>
            <th className="w-16">change</th>
            <th>now</th>
            <th>after</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path} className={`border-t border-line align-top ${KIND_STYLES[change.kind]}`} data-testid="import-diff-row">
              <td className="break-all">{change.path}</td>
              <td>{change.kind}</td>
              <td className="break-all">{show(change.before).slice(0, 300)}</td>
              <td className="break-all">{show(change.after).slice(0, 300)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex gap-2">
        <Button variant="primary" size="sm" data-testid="import-confirm" onClick={onConfirm} autoFocus>
          Replace the form
        </Button>
        <Button size="sm" data-testid="import-cancel" onClick={onCancel}>
          Keep the current form
        </Button>
      </div>
    </section>
  );
}
