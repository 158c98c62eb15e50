'use client';
// Deletes a stored response after a confirmation dialog: DELETE through the proxy, then mark it deleted in the index.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Mono } from '@/components/ui/mono';
import { onBehalfOfHeaders } from '@/lib/chains/http-fetcher';
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { ApiError } from '@/lib/schema/api-error';

export function DeleteResponseButton({ id, onBehalfOf, onDeleted }: { id: string; onBehalfOf: string; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setIsBusy(true);
    setError(null);
    const headers = onBehalfOfHeaders(onBehalfOf);
    try {
      await fetchJson(apiUrlForId('responses', id), { method: 'DELETE', headers });
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : null;
      if (failure && failure.status !== 0) setError(`The gateway answered ${failure.status}: ${failure.message}. Nothing was deleted.`);
      else setError(`Could not reach the playground: ${(caught as Error).message}`);
      setIsBusy(false);
      return;
    }
    try {
      await fetchJson(apiUrlForId('chains', id, 'deleted'), { method: 'POST', headers });
      setIsOpen(false);
    } catch {
      setError('Deleted on the gateway, but the chain index could not be marked; the tree may still show it.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.chainIndex });
      onDeleted();
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
