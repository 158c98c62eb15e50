'use client';
// Shows, field by field, what an import, a shared link or a reopened request would change; nothing is replaced until the user confirms.
import { Button } from '@/components/ui/button';
import { diffDrafts } from '@/lib/request-import/diff';
import { FieldChangeTable } from './field-change-table';
import type { RequestDraft } from './request-draft';

export interface PendingReplacement {
  source: string;
  next: RequestDraft;
  notes: string[];
  /** An import (share link, Import tab): confirming closes the open thread instead of continuing it. */
  closesThread?: boolean;
}

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
      <FieldChangeTable changes={changes} before="now" after="after" rowTestId="import-diff-row" />
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
