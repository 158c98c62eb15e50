'use client';
// A grid's heading: its name (edited in place), whether the last edit is saved, and its actions: share with the team (personal
// sign-in), share by link, duplicate, delete; a grid shared with the viewer says it is read-only.
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';
import { ShareSwitch } from '@/components/ui/owner-controls';
import { useShareGrid } from './grid-api';
import { encodeGridShareHash } from './grid-share';
import type { DefinitionEditor } from './use-definition';

const SAVE_WORDS = { saved: 'Saved', unsaved: 'Unsaved changes…', saving: 'Saving…', invalid: 'Not saved: fix the problems listed below', failed: 'Not saved' } as const;

export interface GridHeaderProps {
  editor: DefinitionEditor;
  gridId: string;
  isShared: boolean;
  /** The viewer made it (or it is from before personal sign-in): they may edit, share and delete it. */
  isChangeable: boolean;
  /** Personal sign-in is on: grids have makers, and can be shared with the team. */
  isPersonal: boolean;
  onDuplicate(): void;
  onDelete(): void;
}

export function GridHeader({ editor, gridId, isShared, isChangeable, isPersonal, onDuplicate, onDelete }: GridHeaderProps) {
  const [isConfirming, setConfirming] = useState(false);
  const share = useShareGrid(gridId);
  const { definition, saveState, saveError, issues } = editor;
  return (
    <header className="flex min-w-0 flex-col gap-2">
      <div className="flex min-w-0 flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link href="/compare" className="text-xs text-link underline">
            All grids
          </Link>
          <label className="flex min-w-0 flex-col gap-1 text-xs text-fg-muted">
            Grid name <span className="sr-only">name</span>
            <TextInput className="max-w-xl text-lg font-semibold" readOnly={!isChangeable} value={definition.name} data-testid="grid-name" onChange={(event) => editor.update((current) => ({ ...current, name: event.target.value }))} />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {isChangeable ? (
            <span role="status" className={saveState === 'failed' || saveState === 'invalid' ? 'text-xs text-danger' : 'text-xs text-fg-muted'} data-testid="grid-save-state" data-state={saveState}>
              {SAVE_WORDS[saveState]}
              {saveState === 'failed' && saveError ? `: ${saveError}` : ''}
            </span>
          ) : null}
          {isPersonal && isChangeable ? <ShareSwitch isShared={isShared} isBusy={share.isPending} onChange={(shared) => share.mutate(shared)} testId="grid-share-team" /> : null}
          <CopyButton label="Copy share link" text={() => `${window.location.origin}/compare${encodeGridShareHash(definition)}`} testId="grid-share" />
          <Button size="sm" data-testid="grid-duplicate" onClick={onDuplicate}>
            Duplicate
          </Button>
          {isChangeable ? (
            <Button size="sm" variant="danger" data-testid="grid-delete" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null}
        </div>
      </div>
      {!isChangeable ? (
        <Alert tone="info" title="Shared with you: read-only" testId="grid-read-only">
          Only the person who made this grid may edit, run, stop or delete it. Its runs and cells are yours to read and export; Duplicate makes a copy of your own to change and run.
        </Alert>
      ) : null}
      {share.isError ? <Alert title="Sharing did not change">{share.error.message}</Alert> : null}
      {issues.length && isChangeable ? (
        <ul role="alert" className="rounded-md border border-danger/40 bg-danger-soft p-2 text-xs text-danger" data-testid="grid-issues">
          {issues.map((issue) => (
            <li key={`${issue.param}:${issue.message}`}>
              <span className="font-mono">{issue.param || 'grid'}</span>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-fg-muted">Share links carry the definition without credentials or X-On-Behalf-Of users; opening one makes a new grid.</p>
      {isConfirming ? (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          title={`Delete “${definition.name}”?`}
          description="The grid and every run of it are deleted. Responses the runs made stay on the gateway."
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)} data-autofocus>
                Keep it
              </Button>
              <Button variant="danger" data-testid="grid-delete-confirm" onClick={onDelete}>
                Delete
              </Button>
            </>
          }
        />
      ) : null}
    </header>
  );
}
