'use client';
// Deletes a stored response after a confirmation dialog: DELETE through the proxy, then mark it deleted in the index.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Mono } from '@/components/ui/mono';
import { onBehalfOfHeaders, readFailure } from '@/lib/chains/http-fetcher';
import { CHAIN_INDEX_QUERY_KEY } from './use-chain-index';

export function DeleteResponseButton({ id, onBehalfOf, onDeleted }: { id: string; onBehalfOf: string; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
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
      if (marked.ok) setIsOpen(false);
      else setError('Deleted on the gateway, but the chain index could not be marked; the tree may still show it.');
      await queryClient.invalidateQueries({ queryKey: CHAIN_INDEX_QUERY_KEY });
      onDeleted();
    } catch (caught) {
      setError(`Could not reach the playground: ${(caught as Error).message}`);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="danger"
        size="sm"
        data-testid="turn-delete"
        onClick={() => {
          setError(null);
          setIsOpen(true);
        }}
      >
        Delete…
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        title="Delete this stored response?"
        testId="delete-dialog"
        description={
          <>
            <Mono>{id}</Mono> will be deleted on the gateway. Later turns that continue from it keep working, but it can no longer be retrieved or continued from.
          </>
        }
        footer={
          <>
            <Button onClick={() => setIsOpen(false)} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" data-testid="delete-confirm" isLoading={isBusy} loadingText="Deleting…" onClick={() => void confirm()}>
              Delete
            </Button>
          </>
        }
      >
        {error ? <Alert testId="delete-error">{error}</Alert> : null}
      </Dialog>
    </>
  );
}
