'use client';
// Deletes a stored response after a confirmation dialog: DELETE through the proxy, then mark it deleted in the index.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { onBehalfOfHeaders, readFailure } from '@/lib/chains/http-fetcher';
import { CHAIN_INDEX_QUERY_KEY } from './use-chain-index';

export function DeleteResponseButton({ id, onBehalfOf, onDeleted }: { id: string; onBehalfOf: string; onDeleted: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const headers = onBehalfOfHeaders(onBehalfOf);
      const reply = await fetch(`/api/responses/${encodeURIComponent(id)}`, { method: 'DELETE', headers });
      if (!reply.ok) {
        const failure = await readFailure(reply);
        setError(`The gateway answered ${failure.status}${failure.message ? `: ${failure.message}` : ''}. Nothing was deleted.`);
        return;
      }
      const marked = await fetch(`/api/chains/${encodeURIComponent(id)}/deleted`, { method: 'POST', headers });
      if (marked.ok) dialogRef.current?.close();
      else setError('Deleted on the gateway, but the chain index could not be marked; the tree may still show it.');
      await queryClient.invalidateQueries({ queryKey: CHAIN_INDEX_QUERY_KEY });
      onDeleted();
    } catch (caught) {
      setError(`Could not reach the playground: ${(caught as Error).message}`);
    } finally {
      setIsBusy(false);
    }
  };

  const titleId = `delete-title-${id}`;
  return (
    <>
      <button
        type="button"
        data-testid="turn-delete"
        className="rounded border border-red-300 px-2 py-1 text-sm text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950"
        onClick={() => {
          setError(null);
          dialogRef.current?.showModal();
        }}
      >
        Delete…
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        data-testid="delete-dialog"
        className="m-auto max-w-md rounded-lg border border-zinc-300 bg-white p-4 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id={titleId} className="font-semibold">Delete this stored response?</h2>
        <p className="mt-2 text-sm">
          <code className="font-mono">{id}</code> will be deleted on the gateway. Later turns that continue from it keep working, but it can no longer be
          retrieved or continued from.
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid="delete-error">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="rounded border border-zinc-300 px-3 py-1 text-sm dark:border-zinc-700" onClick={() => dialogRef.current?.close()} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            data-testid="delete-confirm"
            className="rounded bg-red-700 px-3 py-1 text-sm text-white hover:bg-red-600 disabled:opacity-50"
            disabled={isBusy}
            onClick={() => void confirm()}
          >
            {isBusy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </dialog>
    </>
  );
}
