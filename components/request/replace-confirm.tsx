'use client';
// Shows, field by field, what an import, a shared link or a reopened request would change; nothing is replaced until the user confirms.
import { diffDrafts, type FieldChange } from '@/lib/request-import/diff';
import type { RequestDraft } from './request-draft';

export interface PendingReplacement {
  source: string;
  next: RequestDraft;
  notes: string[];
}

function show(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value);
}

const KIND_STYLES: Record<FieldChange['kind'], string> = {
  added: 'text-green-800 dark:text-green-300',
  removed: 'text-red-800 dark:text-red-300',
  changed: 'text-amber-800 dark:text-amber-300',
};

export function ReplaceConfirm({ current, pending, onConfirm, onCancel }: {
  current: RequestDraft;
  pending: PendingReplacement;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const changes = diffDrafts(current, pending.next);
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="replace-confirm-title" className="rounded border-2 border-amber-400 bg-amber-50 p-3 text-xs dark:bg-zinc-900" data-testid="import-diff">
      <h3 id="replace-confirm-title" className="mb-1 text-sm font-semibold">
        {pending.source}: {changes.length} field{changes.length === 1 ? '' : 's'} would change
      </h3>
      {pending.notes.map((note) => (
        <p key={note} className="text-zinc-600 dark:text-zinc-400">{note}</p>
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
            <tr key={change.path} className={`border-t border-amber-200 align-top ${KIND_STYLES[change.kind]}`} data-testid="import-diff-row">
              <td className="break-all">{change.path}</td>
              <td>{change.kind}</td>
              <td className="break-all">{show(change.before).slice(0, 300)}</td>
              <td className="break-all">{show(change.after).slice(0, 300)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex gap-2">
        <button type="button" className="rounded bg-amber-600 px-3 py-1 font-semibold text-white" data-testid="import-confirm" onClick={onConfirm} autoFocus>
          Replace the form
        </button>
        <button type="button" className="rounded border border-zinc-400 px-3 py-1" data-testid="import-cancel" onClick={onCancel}>
          Keep the current form
        </button>
      </div>
    </section>
  );
}
