'use client';
// Whether the gateway delivers to a capture: waiting on the latest background run that named it, or a minute of
// silence (the gateway may not support webhooks), with when the server last checked.
import { Alert } from '@/components/ui/alert';
import { IdText } from '@/components/ui/mono';
import type { CaptureReply } from '@/lib/webhooks/captures';

type Watch = CaptureReply['watch'];

function clock(iso: string) {
  return <time dateTime={iso}>{new Date(iso).toLocaleTimeString()}</time>;
}

/** The capture list's short word for a silent capture; null otherwise. */
export function describeSilence(watch: Watch): string | null {
  return watch.verdict === 'silent' ? 'no delivery: the gateway may not support webhooks' : null;
}

export function CaptureWatchNote({ watch }: { watch: Watch }) {
  const run = watch.last_run;
  if (!run || (watch.verdict !== 'waiting' && watch.verdict !== 'silent')) return null;
  const checked = <span className="text-xs text-fg-muted">Checked at {clock(watch.checked_at)}, again every few seconds.</span>;
  if (watch.verdict === 'waiting') {
    return (
      <Alert tone="info" isLive={false} testId="capture-watch" className="space-y-1">
        <p>
          Waiting for a delivery: background run <IdText id={run.response_id} kind="response id" /> named this capture at {clock(run.sent_at)}.
        </p>
        {checked}
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="No delivery within a minute" isLive={false} testId="capture-watch" className="space-y-1">
      <p>
        Background run <IdText id={run.response_id} kind="response id" /> named this capture as its webhook_url at {clock(run.sent_at)}, and nothing has
        arrived since. The gateway may not support webhooks (webhook_url), or cannot reach this URL.
      </p>
      {watch.last_delivery_at ? <p>The last delivery before it came at {clock(watch.last_delivery_at)}.</p> : null}
      {checked}
    </Alert>
  );
}
