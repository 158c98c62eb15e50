'use client';
// One recording in the list: its name (renamable), what it was, and replay, present, export, keep and delete.
import Link from 'next/link';
import { useState } from 'react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';
import { IdText } from '@/components/ui/mono';
import { ShareSwitch } from '@/components/ui/owner-controls';
import type { RecordingListEntry, RecordingPatch } from '@/lib/recordings/schemas';
import { RECORDING_NAME_MAX_CHARS } from '@/lib/schema/recording';
import { formatDuration, formatSize, formatWhen } from './format';
import { exportHref, replayHref } from './recording-links';

export interface RecordingRowActions {
  onUpdate(id: string, change: RecordingPatch): Promise<unknown>;
  onDelete(id: string): Promise<unknown>;
}

/** `canShare`: personal sign-in is on (a share toggle means something). Another's shared recording shows no change actions. */
export function RecordingRow({ entry, actions, canShare = false }: { entry: RecordingListEntry; actions: RecordingRowActions; canShare?: boolean }) {
  const [isRenaming, setRenaming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<unknown>) => work.catch((failure: Error) => setError(failure.message));
  const facts = [entry.model, formatWhen(entry.recorded_at), formatDuration(entry.duration_ms), `${entry.event_count} events`, formatSize(entry.size_bytes)].filter(Boolean);
  return (
    <li data-testid="recording-row" data-recording-id={entry.id} className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-surface p-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {isRenaming ? (
          <RenameForm name={entry.name} onCancel={() => setRenaming(false)} onSave={(name) => run(actions.onUpdate(entry.id, { name }).then(() => setRenaming(false)))} />
        ) : (
          <Link href={replayHref(entry.id)} data-testid="recording-name" className="min-w-0 font-medium text-link underline-offset-2 [overflow-wrap:anywhere] hover:underline">
            {entry.name}
          </Link>
        )}
        {entry.status ? <StatusBadge status={entry.status} /> : null}
        {entry.pinned ? (
          <Badge tone="accent" testId="recording-pinned">
            kept
          </Badge>
        ) : null}
        {entry.origin === 'imported' ? <Badge tone="info">imported</Badge> : null}
        {entry.source === 'grid' ? <Badge tone="neutral">compare grid</Badge> : null}
        {canShare && !entry.is_changeable ? (
          <Badge tone="info" testId="recording-shared-with-you">
            shared with you
          </Badge>
        ) : null}
      </div>
      <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
        {facts.join(' · ')}
        {entry.on_behalf_of ? ` · acting as ${entry.on_behalf_of}` : ''}
      </p>
      {entry.response_id ? <IdText id={entry.response_id} kind="response id" className="text-xs text-fg-muted" /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Link href={replayHref(entry.id)} className={buttonClass({ variant: 'primary', size: 'sm' })} data-testid="recording-replay">
          Replay
        </Link>
        <Link href={replayHref(entry.id, { isPresenting: true })} className={buttonClass({ size: 'sm' })} data-testid="recording-present">
          Present
        </Link>
        <a href={exportHref(entry.id)} download className={buttonClass({ size: 'sm' })} data-testid="recording-export">
          Export
        </a>
        {entry.is_changeable ? (
          <>
            <Button size="sm" aria-pressed={entry.pinned} data-testid="recording-pin" onClick={() => void run(actions.onUpdate(entry.id, { pinned: !entry.pinned }))}>
              {entry.pinned ? 'Let it expire' : 'Keep this recording'}
            </Button>
            <Button size="sm" variant="ghost" data-testid="recording-rename" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" data-testid="recording-delete" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        ) : null}
        {canShare && entry.is_changeable ? (
          <ShareSwitch isShared={entry.shared} label="Shared with team" onChange={(shared) => void run(actions.onUpdate(entry.id, { shared }))} testId="recording-share" />
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Dialog
        open={isDeleting}
        onClose={() => setDeleting(false)}
        title="Delete this recording?"
        description={`“${entry.name}” is removed from this playground; an exported file is not affected.`}
        footer={
          <>
            <Button size="sm" onClick={() => setDeleting(false)}>
              Keep it
            </Button>
            <Button size="sm" variant="danger" data-autofocus data-testid="recording-delete-confirm" onClick={() => void run(actions.onDelete(entry.id).then(() => setDeleting(false)))}>
              Delete
            </Button>
          </>
        }
      />
    </li>
  );
}

function RenameForm({ name, onSave, onCancel }: { name: string; onSave: (name: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(name);
  return (
    <form
      className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) onSave(value.trim());
      }}
    >
      <label className="sr-only" htmlFor="recording-rename-input">
        Name of the recording
      </label>
      <TextInput id="recording-rename-input" className="min-w-48 flex-1" value={value} maxLength={RECORDING_NAME_MAX_CHARS} autoFocus data-testid="recording-rename-input" onChange={(event) => setValue(event.target.value)} />
      <Button size="sm" type="submit" variant="primary" disabled={!value.trim()} data-testid="recording-rename-save">
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
