'use client';
// Track a response created elsewhere: paste its id (and the X-On-Behalf-Of user it belongs to).
import { useState, type FormEvent } from 'react';
import { trackJobBodySchema } from '@/lib/jobs/schemas';
import { useTrackJob } from './use-jobs';

export function TrackJobForm({ onTracked }: { onTracked: (id: string) => void }) {
  const [responseId, setResponseId] = useState('');
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const track = useTrackJob();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = trackJobBodySchema.safeParse({ responseId, onBehalfOf });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${issue?.path.join('.') ?? 'responseId'} ${issue?.message ?? 'is invalid'}`);
      return;
    }
    setProblem(null);
    track.mutate(parsed.data, { onSuccess: (detail) => onTracked(detail.job.id) });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="track-job-form">
      <label className="flex flex-col text-xs">
        responseId
        <input className="rounded border px-2 py-1 font-mono text-sm" value={responseId} onChange={(event) => setResponseId(event.target.value)} placeholder="resp_…" data-testid="track-response-id" />
      </label>
      <label className="flex flex-col text-xs">
        onBehalfOf (X-On-Behalf-Of)
        <input className="rounded border px-2 py-1 text-sm" value={onBehalfOf} onChange={(event) => setOnBehalfOf(event.target.value)} data-testid="track-on-behalf-of" />
      </label>
      <button type="submit" className="rounded bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900" disabled={track.isPending} data-testid="track-submit">
        {track.isPending ? 'Fetching…' : 'Track'}
      </button>
      {problem || track.error ? (
        <p className="w-full text-xs text-red-700 dark:text-red-400" role="alert" data-testid="track-error">
          {problem ?? track.error?.message}
        </p>
      ) : null}
    </form>
  );
}
