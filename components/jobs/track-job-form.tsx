'use client';
// Track a response created elsewhere: paste its id (and the X-On-Behalf-Of user it belongs to); checked by the route's own zod schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorText } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { trackJobBodySchema, type TrackJobBody } from '@/lib/jobs/schemas';
import { useTrackJob } from './use-jobs';

type TrackJobInput = z.input<typeof trackJobBodySchema>;

export function TrackJobForm({ onTracked }: { onTracked: (id: string) => void }) {
  const track = useTrackJob();
  const { register, handleSubmit, formState } = useForm<TrackJobInput, unknown, TrackJobBody>({
    resolver: zodResolver(trackJobBodySchema),
    defaultValues: { response_id: '', on_behalf_of: '' },
  });
  const submit = handleSubmit((body) => track.mutate(body, { onSuccess: (detail) => onTracked(detail.job.id) }));
  const { errors } = formState;

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" data-testid="track-job-form" noValidate aria-label="Track a response">
      <Field label="Response id" hint="A background response created elsewhere." error={errors.response_id?.message} className="sm:col-span-2">
        <TextInput isMono placeholder="resp_…" autoComplete="off" spellCheck={false} data-testid="track-response-id" {...register('response_id')} />
      </Field>
      <Field label="Acting as user" apiName="X-On-Behalf-Of" hint="Only if it was created for one." error={errors.on_behalf_of?.message}>
        <TextInput autoComplete="off" data-testid="track-on-behalf-of" {...register('on_behalf_of')} />
      </Field>
      <Button type="submit" variant="primary" className="sm:mt-6" isLoading={track.isPending} loadingText="Fetching…" data-testid="track-submit">
        Track
      </Button>
      {track.error ? (
        <ErrorText className="sm:col-span-2" testId="track-error">
          {track.error.message}
        </ErrorText>
      ) : null}
    </form>
  );
}
