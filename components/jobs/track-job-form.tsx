'use client';
// Track a response created elsewhere: paste its id (and the X-On-Behalf-Of user it belongs to); checked by the route's own zod schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { trackJobBodySchema, type TrackJobBody } from '@/lib/jobs/schemas';
import { useTrackJob } from './use-jobs';

type TrackJobInput = z.input<typeof trackJobBodySchema>;

export function TrackJobForm({ onTracked }: { onTracked: (id: string) => void }) {
  const track = useTrackJob();
  const { register, handleSubmit, formState } = useForm<TrackJobInput, unknown, TrackJobBody>({
    resolver: zodResolver(trackJobBodySchema),
    defaultValues: { responseId: '', onBehalfOf: '' },
  });
  const submit = handleSubmit((body) => track.mutate(body, { onSuccess: (detail) => onTracked(detail.job.id) }));
  const fieldError = formState.errors.responseId ?? formState.errors.onBehalfOf;
  const fieldName = formState.errors.responseId ? 'responseId' : 'onBehalfOf';

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="track-job-form" noValidate>
      <label className="flex flex-col text-xs">
        responseId
        <input
          className="rounded border px-2 py-1 font-mono text-sm"
          placeholder="resp_…"
          aria-invalid={formState.errors.responseId ? true : undefined}
          data-testid="track-response-id"
          {...register('responseId')}
        />
      </label>
      <label className="flex flex-col text-xs">
        onBehalfOf (X-On-Behalf-Of)
        <input
          className="rounded border px-2 py-1 text-sm"
          aria-invalid={formState.errors.onBehalfOf ? true : undefined}
          data-testid="track-on-behalf-of"
          {...register('onBehalfOf')}
        />
      </label>
      <button type="submit" className="rounded bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900" disabled={track.isPending} data-testid="track-submit">
        {track.isPending ? 'Fetching…' : 'Track'}
      </button>
      {fieldError || track.error ? (
        <p className="w-full text-xs text-red-700 dark:text-red-400" role="alert" data-testid="track-error">
          {fieldError ? `${fieldName} ${fieldError.message ?? 'is invalid'}` : track.error?.message}
        </p>
      ) : null}
    </form>
  );
}
