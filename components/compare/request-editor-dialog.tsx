'use client';
// Edits a variant (or the base request) with the playground's own form: the request form over base ⊕ patch, checked by the
// same schema, and on Done the difference from the base is kept as the variant's patch (a JSON merge patch).
import { useId, useState, useSyncExternalStore } from 'react';
import { DraftProvider } from '@/components/request/draft-context';
import { createDraftStore, type DraftStore } from '@/components/request/draft-store';
import { IssueSummary } from '@/components/request/issue-summary';
import { ModelDescription, ModelPicker } from '@/components/request/model-picker';
import { RequestForm } from '@/components/request/request-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { applyMergePatch, describePatch, diffMergePatch } from '@/lib/grids/patch';

type Json = Record<string, unknown>;

export interface EditedRequest {
  /** The whole body as the form left it. */
  body: Json;
  /** The difference from `base`, as a merge patch. */
  patch: Json;
  /** The X-On-Behalf-Of typed in the form, trimmed ('' for none). */
  onBehalfOf: string;
}

export interface RequestEditorDialogProps {
  title: string;
  /** What the patch is taken against: the grid's base for a variant, {} for the base itself. */
  base: Json;
  patch: Json;
  onBehalfOf: string;
  /** A line under the title: what this edits and where the input comes from. */
  description: string;
  onDone(edited: EditedRequest): void;
  onClose(): void;
}

function useDraftState(store: DraftStore) {
  const state = useSyncExternalStore(store.subscribe, store.peekState, store.peekState);
  const issues = useSyncExternalStore(store.subscribe, store.peekIssues, store.peekIssues);
  return { draft: state.draft, issues };
}

/** Open while mounted: the parent renders it for the variant being edited. */
export function RequestEditorDialog({ title, base, patch, onBehalfOf, description, onDone, onClose }: RequestEditorDialogProps) {
  const [store] = useState(() => createDraftStore({ body: applyMergePatch(base, patch), onBehalfOf }));
  const { draft, issues } = useDraftState(store);
  const changed = describePatch(diffMergePatch(base, draft.body));
  const id = useId();
  const finish = () => {
    const { body, onBehalfOf: typed } = store.getState().draft;
    onDone({ body, patch: diffMergePatch(base, body), onBehalfOf: typed.trim() });
  };
  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={title}
      description={description}
      testId="request-editor"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="request-editor-cancel">
            Cancel
          </Button>
          <Button variant="primary" onClick={finish} data-testid="request-editor-done">
            Done
          </Button>
        </>
      }
    >
      <DraftProvider store={store}>
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span id={`${id}-model`} className="font-mono text-xs font-semibold text-fg-muted">
              model
            </span>
            <ModelPicker labelId={`${id}-model`} descriptionId={`${id}-model-description`} />
          </div>
          <ModelDescription id={`${id}-model-description`} />
          <p className="text-xs text-fg-muted" data-testid="request-editor-changes">
            {changed.length ? `Changed from the base: ${changed.join(', ')}` : 'Nothing changed from the base.'}
          </p>
          <IssueSummary issues={issues} />
          <RequestForm />
        </div>
      </DraftProvider>
    </Dialog>
  );
}
