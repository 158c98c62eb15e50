// Shows why a turn failed: the gateway's message and fields, and a hint for known cases.
import { hintForError } from '@/lib/transcript/error-hints';
import type { Turn } from '@/lib/transcript/run-types';
import { describeScope } from '@/lib/transcript/scope-hint';

export function RunErrorView({ turn }: { turn: Turn }) {
  const streamError = turn.transcript.error;
  const error = turn.error ?? (streamError ? { ...streamError, httpStatus: null, retryAfterSeconds: null } : null);
  const incomplete = turn.transcript.response?.incomplete_details;
  // A drop is told by the turn's end note, in words, with what was kept.
  if (turn.status === 'dropped') return null;
  if (!error && !(turn.status === 'incomplete' && incomplete)) return null;
  if (!error) {
    return (
      <p data-testid="run-incomplete" className="rounded-md border-l-4 border-warning bg-warning-soft p-2 text-sm text-fg">
        Incomplete: {incomplete?.reason ?? 'unknown reason'}. The output above is what was generated.
      </p>
    );
  }
  const hint = hintForError(error);
  const scope = describeScope(error, turn.request.headers);
  const details = [error.httpStatus ? `HTTP ${error.httpStatus}` : null, error.type, error.code, error.param ? `param ${error.param}` : null].filter(Boolean);
  return (
    <div data-testid="run-error" role="alert" className="rounded-md border-l-4 border-danger bg-danger-soft p-2 text-sm text-fg">
      <p className="font-medium">{error.message}</p>
      {details.length > 0 ? <p className="font-mono text-xs">{details.join(' · ')}</p> : null}
      {hint ? <p data-testid="run-error-hint" className="mt-1 text-xs">{hint}</p> : null}
      {scope ? <p data-testid="run-error-scope" className="mt-1 text-xs">{scope}</p> : null}
      {'details' in error && error.details ? (
        <details data-testid="run-error-details" className="mt-1 text-xs">
          <summary className="cursor-pointer">Full reply from the gateway</summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-canvas p-2 font-mono">{error.details}</pre>
        </details>
      ) : null}
    </div>
  );
}
