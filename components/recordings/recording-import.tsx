'use client';
// Import a recording file: pick it or drop it; the server checks it whole and says which field or line is wrong.
import { useRef, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { ApiError } from '@/lib/schema/errors';

/** The error as a user reads it: the message, and the field it names. */
function describeImportError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'The file could not be imported.';
  return error.param ? `${error.message} (field ${error.param})` : error.message;
}

export function RecordingImport({ onImport, isBusy }: { onImport: (file: File) => Promise<{ id: string }>; isBusy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setImported(null);
    try {
      await onImport(file);
      setImported(`Imported ${file.name}.`);
    } catch (failure) {
      setError(`${file.name} was not imported: ${describeImportError(failure)} Nothing was stored.`);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div
        data-testid="recording-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cx('flex min-w-0 flex-wrap items-center gap-3 rounded-lg border-2 border-dashed p-3 text-sm', isOver ? 'border-accent bg-accent-soft' : 'border-line')}
      >
        <label htmlFor="recording-file" className="text-fg">
          Import a recording: drop its <code className="font-mono text-xs">.json</code> file here, or
        </label>
        <input ref={input} id="recording-file" type="file" accept="application/json,.json" className="sr-only" data-testid="recording-file" onChange={(event) => void take(event.target.files?.[0])} />
        <Button size="sm" isLoading={isBusy} loadingText="Importing…" data-testid="recording-pick" onClick={() => input.current?.click()}>
          Choose a file
        </Button>
        <span className="text-xs text-fg-muted">Up to 50 MiB. Imported recordings are kept (pinned).</span>
      </div>
      {error ? <Alert testId="recording-import-error">{error}</Alert> : null}
      {imported ? (
        <Alert tone="success" testId="recording-import-done">
          {imported}
        </Alert>
      ) : null}
    </div>
  );
}
